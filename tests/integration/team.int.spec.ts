import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import type { Team } from '../../contract/team';
import { plans } from '../../events/tenants/plans';
import { PASSWORD, signedUp, uniqueEmail } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { mailTo, tokenOfLink } from '../support/mail';
import { onPlan, tenantItem } from '../support/tenants';
import { awayFromWindowEdge } from '../support/throttle-windows';

/**
 * A contractor company's team (issue 31): the owner invites a colleague by a mailed single-use
 * link; the colleague's contractor account (new or signed in) with the invited address joins and
 * works on the company's projects as the owner does, named as themselves on what they do; another
 * company sees nothing of them (404); a removed colleague's sessions end and the company's
 * projects answer them 404. Seats are the plan's.
 */

type Person = Awaited<ReturnType<typeof signedUp>>;

const projectForm = (name: string) => ({ name, address: '5 Team Street', clientName: 'Chris Owner', clientEmail: uniqueEmail('owner') });

/** The link of the newest team invitation mailed to `email` (one not in `seen`: two mails may share a millisecond). */
async function invitationTokenFor(email: string, seen: readonly string[] = []): Promise<string> {
  for (const mail of await mailTo(email)) {
    const link = /https?:\/\/\S+\/join-team#token=[\w%-]+/.exec(mail.text ?? '')?.[0];
    const token = link && tokenOfLink(link);
    if (token && !seen.includes(token)) return token;
  }
  throw new Error(`No team invitation was mailed to ${email}`);
}

async function invited(owner: Person, email = uniqueEmail('colleague'), seen: readonly string[] = []) {
  const answer = await owner.api.post('/api/team/invitations', { email });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { email, token: await invitationTokenFor(email, seen) };
}

/** An owner with a project, and a colleague who took up their invitation with a new account. */
async function teamWithColleague() {
  const owner = await signedUp('contractor', { companyName: 'Builder & Sons' });
  const project = (await owner.api.post('/api/projects', projectForm('Maple House'))).body as { id: string };
  const { email, token } = await invited(owner);
  const colleague = await signedUp('contractor', { email, firstName: 'Robin', lastName: 'Mason' });
  const joined = await colleague.api.post('/api/team/join', { token });
  expect([joined.status, joined.body]).toEqual([200, { tenantId: owner.user.id }]);
  return { owner, colleague, projectId: project.id, token };
}

const projectIds = async (api: ApiClient) => ((await api.get('/api/projects')).body as { id: string }[]).map((project) => project.id).sort();

describe('inviting a colleague', () => {
  it('mails a single-use link; the colleague joins and the team lists both, with their roles', async () => {
    const { owner, colleague, token } = await teamWithColleague();
    const subjects = (await mailTo(colleague.user.email)).map((mail) => mail.subject);
    expect(subjects).toContain("Casey Builder invited you to Builder & Sons's team on Construction Checklist");

    const team = (await owner.api.get<Team>('/api/team')).body;
    expect(team.members.map(({ userId, role, isYou }) => ({ userId, role, isYou }))).toEqual([
      { userId: owner.user.id, role: 'owner', isYou: true },
      { userId: colleague.user.id, role: 'member', isYou: false },
    ]);
    expect(team).toMatchObject({ invitations: [], canManage: true, seats: { used: 2, limit: plans.standard.seats } });
    expect((await colleague.api.get<Team>('/api/team')).body).toMatchObject({ canManage: false, members: [{ role: 'owner', isYou: false }, { role: 'member', isYou: true, name: 'Robin Mason' }] });
    expect((await tenantItem(owner.user.id))?.seats).toBe(2);
    // The empty company the colleague's sign-up started is gone: the operators list no tenant of no one.
    expect(await tenantItem(colleague.user.id)).toBeUndefined();

    // Used once: the link lets no one in again.
    const again = await colleague.api.post('/api/team/join', { token });
    expect([again.status, Object.keys(again.body.fieldErrors ?? {})]).toEqual([400, ['token']]);
  });

  it('lists a pending invitation until it is taken up; a second one to the same address replaces the first link', async () => {
    const owner = await signedUp('contractor');
    const email = uniqueEmail('colleague');
    const first = await invited(owner, email);
    const second = await invited(owner, email, [first.token]);
    expect((await owner.api.get<Team>('/api/team')).body.invitations.map((invitation) => invitation.email)).toEqual([email]);
    const colleague = await signedUp('contractor', { email });
    expect((await colleague.api.post('/api/team/join', { token: first.token })).status).toBe(400);
    expect((await colleague.api.post('/api/team/join', { token: second.token })).status).toBe(200);
    expect((await owner.api.get<Team>('/api/team')).body.invitations).toEqual([]);
  });

  it('is the owner’s alone, and the link works only for a contractor account with the invited address', async () => {
    const { owner, colleague } = await teamWithColleague();
    // A member cannot invite or remove.
    expect((await colleague.api.post('/api/team/invitations', { email: uniqueEmail('x') })).status).toBe(403);
    expect((await colleague.api.delete(`/api/team/members/${owner.user.id}`)).status).toBe(403);
    // A client has no team.
    const client = await signedUp('client');
    expect((await client.api.get('/api/team')).status).toBe(403);

    const { email, token } = await invited(owner);
    const someoneElse = await signedUp('contractor');
    const wrong = await someoneElse.api.post('/api/team/join', { token });
    expect([wrong.status, wrong.body.message]).toEqual([403, 'This invitation was sent to another email address. Sign in with that address to accept it.']);
    const clientWithAddress = await signedUp('client', { email });
    expect((await clientWithAddress.api.post('/api/team/join', { token })).status).toBe(403);
    // Nobody joined: the owner and the one colleague.
    expect((await owner.api.get<Team>('/api/team')).body.members).toHaveLength(2);
    // Inviting someone already on the team.
    expect((await owner.api.post('/api/team/invitations', { email: colleague.user.email })).status).toBe(409);
  });

  it('mails at most 20 invitations an hour per company (each goes to an address someone typed): 429 beyond, nothing mailed', async () => {
    await awayFromWindowEdge();
    const owner = await signedUp('contractor');
    await onPlan(owner.user.id, 'enterprise');
    const addresses = Array.from({ length: 21 }, () => uniqueEmail('many'));
    const statuses = [];
    for (const email of addresses) statuses.push((await owner.api.post('/api/team/invitations', { email })).status);
    expect(statuses).toEqual([...Array.from({ length: 20 }, () => 201), 429]);
    expect(await mailTo(addresses[20]!)).toEqual([]);
  });

  it('refuses past the plan’s seats with its words, before any mail goes', async () => {
    const { owner } = await teamWithColleague();
    await onPlan(owner.user.id, 'starter');
    const email = uniqueEmail('third');
    const over = await owner.api.post('/api/team/invitations', { email });
    expect([over.status, over.body]).toEqual([403, { message: `Your plan allows ${plans.starter.seats} seats`, fieldErrors: { seats: [`Your plan allows ${plans.starter.seats} seats`] } }]);
    expect(await mailTo(email)).toEqual([]);
  });

  it('refuses the last seat twice: an invitation taken up once the team is full is refused with the plan’s words', async () => {
    const owner = await signedUp('contractor');
    await onPlan(owner.user.id, 'starter');
    const [a, b] = [await invited(owner), await invited(owner)];
    const first = await signedUp('contractor', { email: a.email });
    const second = await signedUp('contractor', { email: b.email });
    expect((await first.api.post('/api/team/join', { token: a.token })).status).toBe(200);
    const late = await second.api.post('/api/team/join', { token: b.token });
    expect([late.status, late.body.message]).toEqual([403, `Your plan allows ${plans.starter.seats} seats`]);
    expect(await projectIds(second.api)).toEqual([]);
  });
});

describe('a colleague at work', () => {
  it('reaches and changes the company’s projects, named as themselves; another company gets 404', async () => {
    const { owner, colleague, projectId } = await teamWithColleague();
    expect(await projectIds(colleague.api)).toEqual([projectId]);
    expect((await colleague.api.get(`/api/projects/${projectId}/checklist`)).status).toBe(200);
    expect((await colleague.api.request('PATCH', `/api/projects/${projectId}`, { lockBoxCode: '2580' })).status).toBe(200);

    // A project the colleague creates is the company's: the owner sees it.
    const made = (await colleague.api.post('/api/projects', projectForm('Oak Loft'))).body as { id: string; contractorId: string };
    expect(made.contractorId).toBe(owner.user.id);
    expect(await projectIds(owner.api)).toEqual([projectId, made.id].sort());
    expect((await tenantItem(owner.user.id))?.activeProjects).toBe(2);

    // The history names who did it.
    const history = (await owner.api.get(`/api/projects/${projectId}/history`)).body as { actorName?: string; userName?: string; summary: string }[];
    expect(JSON.stringify(history)).toContain('Robin Mason');

    const stranger = await signedUp('contractor');
    for (const path of [`/api/projects/${projectId}/checklist`, `/api/projects/${made.id}/history`]) expect((await stranger.api.get(path)).status).toBe(404);
    expect((await stranger.api.request('PATCH', `/api/projects/${projectId}`, { lockBoxCode: '0000' })).status).toBe(404);
    // Another company's owner cannot touch this team.
    expect((await stranger.api.delete(`/api/team/members/${colleague.user.id}`)).status).toBe(404);
    expect((await stranger.api.get<Team>('/api/team')).body.members.map((member) => member.userId)).toEqual([stranger.user.id]);
  });
});

describe('removing a colleague', () => {
  it('ends their sessions; signed in again, the company’s projects answer them 404 and their seat is free', async () => {
    const { owner, colleague, projectId } = await teamWithColleague();
    const removed = await owner.api.delete(`/api/team/members/${colleague.user.id}`);
    expect([removed.status, removed.body]).toEqual([200, { message: 'Removed from the team' }]);
    expect((await colleague.api.get('/api/auth/me')).status).toBe(401);

    const again = new ApiClient(randomUUID());
    expect((await again.post('/api/auth/login', { email: colleague.user.email, password: PASSWORD })).status).toBe(200);
    expect((await again.get(`/api/projects/${projectId}/checklist`)).status).toBe(404);
    expect(await projectIds(again)).toEqual([]);
    expect((await owner.api.get<Team>('/api/team')).body.members.map((member) => member.role)).toEqual(['owner']);
    expect((await tenantItem(owner.user.id))?.seats).toBe(1);
    // Not on the team any more: 404; the owner cannot be removed (400 naming the id).
    expect((await owner.api.delete(`/api/team/members/${colleague.user.id}`)).status).toBe(404);
    const self = await owner.api.delete(`/api/team/members/${owner.user.id}`);
    expect([self.status, Object.keys(self.body.fieldErrors ?? {})]).toEqual([400, ['id']]);
  });
});

describe('Delete Account and the team', () => {
  it('takes a colleague off the team (their seat freed, their name erased from the company’s projects); refuses an owner who still has colleagues, whose projects would go with them', async () => {
    const { owner, colleague, projectId } = await teamWithColleague();
    const refused = await owner.api.delete('/api/auth/account');
    expect([refused.status, refused.body.message]).toEqual([409, 'Remove your colleagues from the team before deleting your account: the company’s projects are deleted with it.']);
    expect((await owner.api.get(`/api/projects/${projectId}/checklist`)).status).toBe(200);

    expect((await colleague.api.request('PATCH', `/api/projects/${projectId}`, { lockBoxCode: '2580' })).status).toBe(200);
    expect(JSON.stringify((await owner.api.get(`/api/projects/${projectId}/history`)).body)).toContain('Robin Mason');
    expect((await colleague.api.delete('/api/auth/account')).status).toBe(200);
    expect((await owner.api.get<Team>('/api/team')).body.members.map((member) => member.role)).toEqual(['owner']);
    // Erased: what they did in the company's project no longer carries their name.
    expect(JSON.stringify((await owner.api.get(`/api/projects/${projectId}/history`)).body)).not.toContain('Robin Mason');
    expect((await tenantItem(owner.user.id))?.seats).toBe(1);
    // The company's project stays the owner's.
    expect((await owner.api.get(`/api/projects/${projectId}/checklist`)).status).toBe(200);
  });
});

describe('a colleague’s live updates', () => {
  it('hears the company project’s notices on its WebSocket, which closes when they are removed', async () => {
    const { owner, colleague, projectId } = await teamWithColleague();
    const socket = new WebSocket(`${inject('localCloud').url.replace(/^http/, 'ws')}/ws?projectId=${projectId}`, { headers: { cookie: colleague.api.cookie! } });
    const notices: { type: string }[] = [];
    const heard = new Promise<void>((resolve) => socket.on('message', (data) => notices.push(JSON.parse(data.toString())) && resolve()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      expect((await owner.api.post('/api/chat', { projectId, message: 'Crew at 8' })).status).toBe(201);
      await heard;
      expect(notices.length).toBeGreaterThan(0);
      expect((await owner.api.delete(`/api/team/members/${colleague.user.id}`)).status).toBe(200);
      await closed;
    } finally {
      socket.terminate();
    }
  });
});

