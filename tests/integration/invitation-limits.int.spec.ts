import { describe, expect, it } from 'vitest';
import { INVITATIONS_PER_CONTRACTOR_PER_HOUR, INVITATIONS_PER_PROJECT_PER_HOUR } from '../../functions/limits';
import { signedUp, uniqueEmail } from '../support/accounts';
import type { ApiClient } from '../support/api-client';
import { mailTo } from '../support/mail';
import { awayFromWindowEdge } from '../support/throttle-windows';

/**
 * Issue 27: invitations mail an address someone typed, so a contractor cannot spread them over
 * many projects to mail more than INVITATIONS_PER_CONTRACTOR_PER_HOUR an hour.
 */

const newProject = async (api: ApiClient, clientEmail: string) => {
  const answer = await api.post('/api/projects', { name: 'Maple Street Remodel', address: '12 Maple Street', clientName: 'Chris Owner', clientEmail });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
};

describe('invitations per contractor', () => {
  it(`sends at most ${INVITATIONS_PER_CONTRACTOR_PER_HOUR} an hour across all of a contractor's projects, 429 beyond; others are not held back`, async () => {
    await awayFromWindowEdge();
    const contractor = await signedUp('contractor');
    const projects = Math.ceil(INVITATIONS_PER_CONTRACTOR_PER_HOUR / INVITATIONS_PER_PROJECT_PER_HOUR);
    const addresses: string[] = [];
    for (let p = 0; p < projects; p++) {
      const email = uniqueEmail(`invited${p}`);
      addresses.push(email);
      const projectId = await newProject(contractor.api, email);
      const shares = Math.min(INVITATIONS_PER_PROJECT_PER_HOUR, INVITATIONS_PER_CONTRACTOR_PER_HOUR - p * INVITATIONS_PER_PROJECT_PER_HOUR);
      for (let i = 0; i < shares; i++) expect((await contractor.api.post(`/api/projects/${projectId}/share-with-client`)).status).toBe(200);
    }

    // A fresh project, whose own allowance is untouched: the contractor's is spent.
    const lastEmail = uniqueEmail('one-too-many');
    const refused = await contractor.api.post(`/api/projects/${await newProject(contractor.api, lastEmail)}/share-with-client`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(`At most ${INVITATIONS_PER_CONTRACTOR_PER_HOUR} invitations an hour can be sent across all your projects. Please try again later.`);
    expect(await mailTo(lastEmail)).toEqual([]);
    const sent = (await Promise.all(addresses.map(mailTo))).flat().filter((mail) => mail.subject.includes('invited you'));
    expect(sent).toHaveLength(INVITATIONS_PER_CONTRACTOR_PER_HOUR);

    const other = await signedUp('contractor');
    expect((await other.api.post(`/api/projects/${await newProject(other.api, uniqueEmail('elsewhere'))}/share-with-client`)).status).toBe(200);
  });
});
