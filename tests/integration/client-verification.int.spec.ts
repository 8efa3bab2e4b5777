import { randomUUID } from 'node:crypto';
import { MessageRejected } from '@aws-sdk/client-sesv2';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import WebSocket from 'ws';
import { describe, expect, inject, it } from 'vitest';
import { accountMessages } from '../../events/accounts/schemas';
import { NO_CLIENT_EMAIL } from '../../events/projects/project';
import { newVerificationToken } from '../../functions/accounts/mailed-tokens';
import { INVITATIONS_PER_PROJECT_PER_HOUR, VERIFICATION_MAILS_PER_HOUR } from '../../functions/limits';
import { dynamo } from '../../functions/adapters/dynamo';
import { ses } from '../../functions/adapters/ses';
import { handler as shareHandler } from '../../functions/handlers/project-share';
import { httpRoutes } from '../../functions/routes';
import { buildHttpEvent } from '../../infra/local/gateway/http-api';
import { signedUp, uniqueEmail, verifiedByMail } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { mailTo, verificationTokenMailedTo } from '../support/mail';
import { awayFromWindowEdge } from '../support/throttle-windows';

/**
 * Issue 11: a client account sees a project only after proving it reads the project's client
 * e-mail (a mailed single-use token), and Share with Client mails an invitation that is such a
 * proof. Mail is read back from the SES emulator.
 */

const newProject = async (api: ApiClient, clientEmail: string | null) => {
  const answer = await api.post('/api/projects', { name: 'Maple Street Remodel', address: '12 Maple Street, Springfield', clientName: 'Chris Owner', clientEmail });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; clientId: string | null };
};

const ids = (answer: { body: { id: string }[] }) => answer.body.map((project) => project.id);
const historyOf = async (api: ApiClient, projectId: string) =>
  ((await api.get(`/api/projects/${projectId}/history`)).body as { action: string; details?: string }[]).map((entry) => entry.action);

/** Whether the WebSocket API lets this cookie follow the project. */
function socketAccepted(projectId: string, cookie: string): Promise<boolean> {
  const socket = new WebSocket(`${inject('localCloud').url.replace(/^http/, 'ws')}/ws?projectId=${projectId}`, { headers: { cookie } });
  return new Promise((resolve) => {
    socket.on('error', () => {});
    socket.once('open', () => {
      socket.terminate();
      resolve(true);
    });
    socket.once('unexpected-response', () => resolve(false));
  });
}

describe('proving the client e-mail', () => {
  it('mails a verification link at sign-up; until it is opened the client sees nothing of their project', async () => {
    const contractor = await signedUp('contractor');
    const email = uniqueEmail('unproved');
    const project = await newProject(contractor.api, email);
    const client = await signedUp('client', { email }, { verified: false });

    const [mail] = await mailTo(email);
    expect(mail?.subject).toBe('Confirm your email for Construction Checklist');
    expect(mail?.text).toContain('Hello Chris,');
    expect((await client.api.get('/api/auth/me')).body.isEmailVerified).toBe(false);

    // Knowing the address is no key: not listed, 404 everywhere, no live updates.
    expect((await client.api.get('/api/client-projects')).body).toEqual([]);
    for (const path of [`/api/projects/${project.id}/stats`, `/api/projects/${project.id}/rooms`, `/api/projects/${project.id}/chat`, `/api/projects/${project.id}/history`]) {
      expect((await client.api.get(path)).status, path).toBe(404);
    }
    expect((await client.api.post(`/api/projects/${project.id}/export-pdf`)).status).toBe(404);
    expect(await socketAccepted(project.id, client.api.cookie!)).toBe(false);

    const verified = await client.api.post('/api/auth/verify-email', { token: await verificationTokenMailedTo(email) });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, user: { email, isEmailVerified: true } });
    expect((await client.api.get('/api/auth/me')).body.isEmailVerified).toBe(true);
    expect(ids(await client.api.get('/api/client-projects'))).toEqual([project.id]);
    expect((await client.api.get(`/api/projects/${project.id}/stats`)).status).toBe(200);
    expect(await socketAccepted(project.id, client.api.cookie!)).toBe(true);
    expect(await historyOf(contractor.api, project.id)).toContain('Client assigned');
  });

  it('assigns a project created later to a verified client at once', async () => {
    const client = await signedUp('client');
    const contractor = await signedUp('contractor');
    const project = await newProject(contractor.api, client.user.email.toUpperCase());
    expect((await client.api.get(`/api/projects/${project.id}/checklist`)).status).toBe(200);
  });

  it('takes a token once, only from the account whose e-mail it was sent to, and refuses made-up, expired and oversized ones', async () => {
    const owner = await signedUp('client', {}, { verified: false });
    const other = await signedUp('client', {}, { verified: false });
    const token = await verificationTokenMailedTo(owner.user.email);

    const stolen = await other.api.post('/api/auth/verify-email', { token });
    expect(stolen).toMatchObject({ status: 400, body: { message: accountMessages.verificationForAnotherEmail, fieldErrors: { token: [accountMessages.verificationForAnotherEmail] } } });
    expect((await other.api.get('/api/auth/me')).body.isEmailVerified).toBe(false);

    expect((await owner.api.post('/api/auth/verify-email', { token })).status).toBe(200);
    expect(await owner.api.post('/api/auth/verify-email', { token })).toMatchObject({ status: 400, body: { message: accountMessages.invalidVerificationLink } });

    const expired = newVerificationToken({ email: other.user.email, userId: other.user.id, projectId: null }, new Date(Date.now() - 8 * 24 * 3600 * 1000));
    await dynamo().send(new PutCommand(expired.write.item.Put!));
    for (const bad of [expired.token, 'made-up-token', randomUUID()]) {
      expect(await other.api.post('/api/auth/verify-email', { token: bad })).toMatchObject({ status: 400, body: { message: accountMessages.invalidVerificationLink } });
    }
    for (const [body, field] of [[{ token: 'x'.repeat(5000) }, 'token'], [{ token: '' }, 'token'], [{ token: 42 }, 'token'], [{}, 'token']] as const) {
      const answer = await other.api.post('/api/auth/verify-email', body);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.fieldErrors)).toEqual([field]);
    }
    expect((await other.api.get('/api/auth/me')).body.isEmailVerified).toBe(false);
    expect((await new ApiClient().post('/api/auth/verify-email', { token })).status).toBe(401);
  });

  it('makes a changed e-mail unverified again and mails the new address a link', async () => {
    const client = await signedUp('client');
    const newEmail = uniqueEmail('moved');
    const changed = await client.api.put('/api/auth/profile', { firstName: 'Chris', lastName: 'Owner', email: newEmail, companyName: null, phone: null });
    expect(changed.body).toMatchObject({ email: newEmail, isEmailVerified: false });
    // A link sent to the old address no longer proves anything for this account.
    const oldToken = await verificationTokenMailedTo(client.user.email);
    expect((await client.api.post('/api/auth/verify-email', { token: oldToken })).status).toBe(400);
    await verifiedByMail(client.api, newEmail);
    expect((await client.api.get('/api/auth/me')).body).toMatchObject({ email: newEmail, isEmailVerified: true });
  });

  it('resends the link a few times an hour, and not at all once verified', async () => {
    await awayFromWindowEdge();
    const client = await signedUp('client', {}, { verified: false });
    for (let i = 0; i < VERIFICATION_MAILS_PER_HOUR; i++) {
      expect(await client.api.post('/api/auth/resend-verification')).toMatchObject({ status: 200, body: { message: accountMessages.verificationSent } });
    }
    expect(await client.api.post('/api/auth/resend-verification')).toMatchObject({ status: 429, body: { message: accountMessages.tooManyVerificationMails } });
    expect(await mailTo(client.user.email)).toHaveLength(1 + VERIFICATION_MAILS_PER_HOUR);
    await verifiedByMail(client.api, client.user.email);
    const verified = await signedUp('client');
    expect(await verified.api.post('/api/auth/resend-verification')).toMatchObject({ status: 200, body: { message: accountMessages.alreadyVerified } });
    expect((await new ApiClient().post('/api/auth/resend-verification')).status).toBe(401);
  });
});

describe('share with client', () => {
  it('mails an invitation whose link proves the e-mail and brings the project to the new client’s dashboard', async () => {
    const contractor = await signedUp('contractor', { companyName: 'Builder & Co' });
    const email = uniqueEmail('invited');
    const project = await newProject(contractor.api, email);

    const shared = await contractor.api.post(`/api/projects/${project.id}/share-with-client`);
    expect(shared).toMatchObject({ status: 200, body: { success: true, clientDashboardUrl: `${inject('localCloud').url}/client-dashboard`, email } });
    const [invitation] = await mailTo(email);
    expect(invitation?.subject).toBe('Casey Builder invited you to follow Maple Street Remodel');
    expect(invitation?.text).toContain('Casey Builder (Builder & Co) invited you');
    expect(invitation?.text).toContain('Maple Street Remodel\n12 Maple Street, Springfield');
    expect(invitation?.html).toContain('Builder &amp; Co');
    const token = await verificationTokenMailedTo(email);
    expect(invitation?.text).toContain(`/verify-email#token=${token}&email=${encodeURIComponent(email)}`);

    // The invited client signs up (which mails a link of its own) and opens the invitation's link.
    const client = await signedUp('client', { email }, { verified: false });
    expect((await client.api.get('/api/client-projects')).body).toEqual([]);
    expect((await client.api.post('/api/auth/verify-email', { token })).status).toBe(200);
    expect(ids(await client.api.get('/api/client-projects'))).toEqual([project.id]);
    const history = await historyOf(contractor.api, project.id);
    expect(history.slice(0, 3)).toEqual(['Invitation accepted', 'Client assigned', 'Shared with client']);
  });

  it('answers 400 without a client e-mail, 403 to a client, 404 to another contractor, 401 signed out, and changes nothing', async () => {
    const contractor = await signedUp('contractor');
    const withoutEmail = await newProject(contractor.api, null);
    expect(await contractor.api.post(`/api/projects/${withoutEmail.id}/share-with-client`)).toMatchObject({
      status: 400,
      body: { success: false, error: NO_CLIENT_EMAIL, fieldErrors: { clientEmail: [NO_CLIENT_EMAIL] } },
    });

    const client = await signedUp('client');
    const project = await newProject(contractor.api, client.user.email);
    const mailsBefore = (await mailTo(client.user.email)).length;
    expect((await client.api.post(`/api/projects/${project.id}/share-with-client`)).status).toBe(403);
    expect((await (await signedUp('contractor')).api.post(`/api/projects/${project.id}/share-with-client`)).status).toBe(404);
    expect((await contractor.api.post(`/api/projects/${randomUUID()}/share-with-client`)).status).toBe(404);
    expect((await contractor.api.post(`/api/projects/${'x'.repeat(3000)}/share-with-client`)).status).toBe(400);
    expect((await new ApiClient().post(`/api/projects/${project.id}/share-with-client`)).status).toBe(401);
    expect(await mailTo(client.user.email)).toHaveLength(mailsBefore);
    expect(await historyOf(contractor.api, withoutEmail.id)).not.toContain('Shared with client');
  });

  it(`sends at most ${INVITATIONS_PER_PROJECT_PER_HOUR} invitations an hour for a project`, async () => {
    await awayFromWindowEdge();
    const contractor = await signedUp('contractor');
    const email = uniqueEmail('popular');
    const project = await newProject(contractor.api, email);
    for (let i = 0; i < INVITATIONS_PER_PROJECT_PER_HOUR; i++) {
      expect((await contractor.api.post(`/api/projects/${project.id}/share-with-client`)).status).toBe(200);
    }
    expect((await contractor.api.post(`/api/projects/${project.id}/share-with-client`)).status).toBe(429);
    expect(await mailTo(email)).toHaveLength(INVITATIONS_PER_PROJECT_PER_HOUR);
  });

  it('answers success false with the details when SES refuses the mail, and records no share', async () => {
    const contractor = await signedUp('contractor');
    const project = await newProject(contractor.api, uniqueEmail('refused'));
    // The SES emulator has no failure switch: make the SDK client refuse, as SES does for an unverified sender.
    const refuse = () => async () => {
      throw new MessageRejected({ message: 'Email address is not verified.', $metadata: {} });
    };
    ses().middlewareStack.add(refuse, { step: 'initialize', name: 'refuseForTest' });
    try {
      const event = buildHttpEvent(
        { method: 'POST', url: `/api/projects/${project.id}/share-with-client`, headers: { cookie: contractor.api.cookie! } },
        httpRoutes.shareWithClient,
        { id: project.id },
      );
      const result = (await shareHandler(event, { awsRequestId: randomUUID() } as Context)) as APIGatewayProxyStructuredResultV2;
      expect(result.statusCode).toBe(502);
      expect(JSON.parse(result.body!)).toEqual({ success: false, error: 'Email sending failed', details: 'Email address is not verified.' });
    } finally {
      ses().middlewareStack.remove('refuseForTest');
    }
    expect(await historyOf(contractor.api, project.id)).not.toContain('Shared with client');
  });
});

describe('demo client', () => {
  it('signs in with a verified account when seeded the way npm start seeds', async () => {
    const { seedDemoData, demoAccounts, demoPassword } = await import('../../infra/local/seed');
    await seedDemoData(inject('localCloud').url);
    await seedDemoData(inject('localCloud').url); // a second start finds the accounts there
    for (const account of demoAccounts) {
      const api = new ApiClient(randomUUID());
      const answer = await api.post('/api/auth/login', { email: account.email, password: demoPassword });
      expect(answer.body).toMatchObject({ email: account.email, isEmailVerified: true });
    }
  });
});
