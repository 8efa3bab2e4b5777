import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { describe, expect, inject, it } from 'vitest';
import { accountMessages, passwordTooManyBytes } from '../../events/accounts/schemas';
import { LOCAL_SESSION_SECRET } from '../../functions/config';
import { FORGOT_PASSWORD_ANSWER_MS } from '../../functions/handlers/auth-forgot-password';
import { PASSWORD, signedUp, uniqueEmail } from '../support/accounts';
import { ApiClient } from '../support/api-client';

/** Issue 12, sessions and accounts: what an attacker holding a key, a socket or a stopwatch can get. */

const { url } = inject('localCloud');

/** A session token signed with the local cloud's (public) key, claiming whatever the attacker likes. */
function forgedToken(claims: { userId: string; sessionId: string; role: 'contractor' | 'client' }) {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(LOCAL_SESSION_SECRET));
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { userId: string; sessionId: string; role: 'contractor' | 'client' };
const sessionToken = (api: ApiClient) => decodeURIComponent(api.cookie!.split('=')[1]!);

describe('session tokens', () => {
  it('take the role from the session record: a re-signed token claiming another role grants nothing more', async () => {
    const client = await signedUp('client');
    const claims = claimsOf(sessionToken(client.api));
    const forged = new ApiClient(randomUUID());
    forged.cookie = `cc_session=${await forgedToken({ ...claims, role: 'contractor' })}`;
    expect((await forged.get('/api/auth/me')).body).toMatchObject({ id: client.user.id, role: 'client' });
    expect((await forged.get('/api/projects/with-stats')).status).toBe(403);
    expect((await forged.post('/api/projects', { name: 'Forged', address: '1 Forged Way', clientName: 'Nobody' })).status).toBe(403);
  });

  it('grant nothing without a live session record, whatever they claim', async () => {
    const contractor = await signedUp('contractor');
    const claims = claimsOf(sessionToken(contractor.api));
    for (const forgedClaims of [{ ...claims, sessionId: randomUUID() }, { ...claims, userId: randomUUID() }]) {
      const forged = new ApiClient(randomUUID());
      forged.cookie = `cc_session=${await forgedToken(forgedClaims)}`;
      expect((await forged.get('/api/auth/me')).status).toBe(401);
    }
    expect((await contractor.api.post('/api/auth/logout')).status).toBe(200);
    const replayed = new ApiClient(randomUUID());
    replayed.cookie = `cc_session=${await forgedToken(claims)}`;
    expect((await replayed.get('/api/auth/me')).status).toBe(401);
  });

  it('answer 401, not 500, to a cookie with a malformed escape', async () => {
    const api = new ApiClient(randomUUID());
    api.cookie = 'cc_session=%E0%A4%A';
    expect((await api.get('/api/auth/me')).status).toBe(401);
  });
});

describe('a client removed from a project', () => {
  it('stops receiving its notices on a socket already open, which is closed', async () => {
    const contractor = await signedUp('contractor');
    const client = await signedUp('client');
    const created = await contractor.api.post('/api/projects', { name: 'Oak House', address: '3 Oak Road', clientName: 'Chris Owner', clientEmail: client.user.email });
    const project = created.body as { id: string };
    expect((await client.api.get(`/api/projects/${project.id}/checklist`)).status).toBe(200);

    const open = (api: ApiClient) => {
      const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?projectId=${project.id}`, { headers: { cookie: api.cookie!, origin: url } });
      const received: { eventType?: string }[] = [];
      socket.on('message', (data) => received.push(JSON.parse(data.toString())));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      return { socket, received, closed, opened: new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject)) };
    };
    const clientSocket = open(client.api);
    const contractorSocket = open(contractor.api);
    await Promise.all([clientSocket.opened, contractorSocket.opened]);

    // The contractor gives the project another client e-mail: this client is no longer on it.
    const moved = await contractor.api.put(`/api/projects/${project.id}`, { name: 'Oak House', address: '3 Oak Road', clientName: 'Someone Else', clientEmail: uniqueEmail('other') });
    expect(moved.status).toBe(200);
    await clientSocket.closed;
    await contractor.api.request('PATCH', `/api/projects/${project.id}`, { lockBoxCode: '4321' });

    await expect.poll(() => contractorSocket.received.some((notice) => notice.eventType === 'LockBoxCodeSet'), { timeout: 30_000, interval: 20 }).toBe(true);
    expect(contractorSocket.received.map((notice) => notice.eventType)).toContain('LockBoxCodeSet');
    expect(clientSocket.received.map((notice) => notice.eventType)).not.toContain('LockBoxCodeSet');
    contractorSocket.socket.terminate();
  });
});

describe('passwords', () => {
  it('refuse a new password longer than the 72 bytes bcrypt reads, so no byte is silently ignored', async () => {
    const password = `${'x'.repeat(72)}-and-then-some`;
    const answer = await new ApiClient(randomUUID()).post('/api/auth/register', { firstName: 'Lee', lastName: 'Long', email: uniqueEmail('long'), role: 'client', password, confirmPassword: password });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors.password).toEqual([passwordTooManyBytes]);
    const { api } = await signedUp('contractor');
    const changed = await api.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'ü'.repeat(40) });
    expect(changed.status).toBe(400);
    expect(Object.keys(changed.body.fieldErrors)).toEqual(['newPassword']);
  });
});

describe('forgot password', () => {
  it('answers the same, and no sooner, for a known and an unknown address', async () => {
    const { user } = await signedUp('contractor');
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await new ApiClient(randomUUID()).post('/api/auth/forgot-password', { email });
      return { status: answer.status, message: answer.body.message, ms: performance.now() - started };
    };
    const known = await timed(user.email);
    const unknown = await timed(uniqueEmail('nobody'));
    expect({ status: known.status, message: known.message }).toEqual({ status: 200, message: accountMessages.resetLinkSent });
    expect({ status: unknown.status, message: unknown.message }).toEqual({ status: 200, message: accountMessages.resetLinkSent });
    // A floor, not a speed figure: both wait until the same moment after the request arrived.
    expect(known.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS);
    expect(unknown.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS);
  });
});
