import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import WebSocket from 'ws';
import { describe, expect, inject, it } from 'vitest';
import { accountMessages } from '../../events/accounts/schemas';
import { catalogue } from '../../events/registered-events';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { stateKeys } from '../../functions/store/keys';
import { LOGIN_LIMITS, REGISTRATION_LIMITS, VERIFICATION_MAILS_PER_HOUR } from '../../functions/limits';
import { PASSWORD, signedUp, uniqueEmail } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { mailTo, tokenOfLink } from '../support/mail';
import { storeWith } from '../support/store';
import { awayFromWindowEdge } from '../support/throttle-windows';

/**
 * Issue 27, the account lifecycle (architecture invariant 11): who owns an address, and what a
 * session or a mailed link may still do after a change. Through the local gateway, mail read back
 * from the SES emulator.
 */

const linkIn = (mail: { text?: string } | undefined, page: string) => new RegExp(`(http\\S+/${page}#token=[\\w-]+)`).exec(mail?.text ?? '')?.[1];
const newestLink = async (email: string, subject: string, page: string) => {
  const mail = (await mailTo(email)).find((sent) => sent.subject === subject);
  const link = linkIn(mail, page);
  if (!link) throw new Error(`no ${page} link mailed to ${email}`);
  return tokenOfLink(link)!;
};
const signInLinkToken = async (email: string) => {
  expect((await new ApiClient(randomUUID()).post('/api/auth/magic-link', { email })).status).toBe(200);
  return newestLink(email, 'Your Construction Checklist sign-in link', 'sign-in-link');
};
const login = (email: string, password = PASSWORD, api = new ApiClient(randomUUID())) => api.post('/api/auth/login', { email, password });
const me = (api: ApiClient) => api.get('/api/auth/me').then((answer) => answer.status);
const profile = (user: { email: string }, changes: Record<string, unknown> = {}) => ({ firstName: 'Casey', lastName: 'Builder', email: user.email, companyName: null, phone: null, ...changes });

/** A WebSocket on the project with this cookie, resolved once open; `closed` settles when the server closes it. */
async function openSocket(projectId: string, cookie: string) {
  const socket = new WebSocket(`${inject('localCloud').url.replace(/^http/, 'ws')}/ws?projectId=${projectId}`, { headers: { cookie } });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('unexpected-response', () => reject(new Error('refused')));
  });
  return { socket, closed, isOpen: () => socket.readyState === WebSocket.OPEN };
}
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('an account belongs to whoever proves the mailbox', () => {
  it("ends a squatter's session and password when the owner proves the address by sign-in link; the invited project is the owner's alone", async () => {
    const contractor = await signedUp('contractor');
    const email = uniqueEmail('owner');
    const project = await contractor.api.post('/api/projects', { name: 'Birch Lane', address: '3 Birch Lane', clientName: 'Chris Owner', clientEmail: email });
    expect(project.status).toBe(201);
    // A stranger registers the client's address first (no proof needed) and keeps the session.
    const squatter = await signedUp('client', { email }, { verified: false });
    expect(await me(squatter.api)).toBe(200);

    const owner = new ApiClient(randomUUID());
    const signedIn = await owner.post('/api/auth/magic-link/verify', { token: await signInLinkToken(email) });
    expect(signedIn.status).toBe(200);

    // The squatter's cookie and password are both refused now.
    expect(await me(squatter.api)).toBe(401);
    expect((await squatter.api.get('/api/client-projects')).status).toBe(401);
    expect(await login(email)).toMatchObject({ status: 401, body: { message: accountMessages.invalidLogin } });
    // The project is the owner's, seen by the owner's session only.
    expect((await owner.get('/api/client-projects')).body.map((listed: { id: string }) => listed.id)).toEqual([project.body.id]);
    expect((await owner.get(`/api/projects/${project.body.id}/checklist`)).status).toBe(200);
    const events = await storeWith(catalogue).readStream(`user#${squatter.user.id}`);
    expect(events.map((event) => event.type).slice(-2)).toEqual(['EmailVerified', 'SessionsEnded']);
    expect(events.at(-1)?.data).toMatchObject({ reason: 'address_proved', passwordCleared: true });

    // The owner sets a password without the one they never knew (a link was just used), then signs in with it.
    expect((await owner.put('/api/auth/change-password', { newPassword: 'the owners own 1' })).status).toBe(200);
    expect((await login(email, 'the owners own 1')).status).toBe(200);
    // A proved account's later sign-in links end nobody's session.
    const laptop = new ApiClient(randomUUID());
    expect((await login(email, 'the owners own 1', laptop)).status).toBe(200);
    expect((await new ApiClient(randomUUID()).post('/api/auth/magic-link/verify', { token: await signInLinkToken(email) })).status).toBe(200);
    expect(await me(laptop)).toBe(200);
  });

  it('gives the prover of a verification link a new session and ends the others; a password set before the proof stops working', async () => {
    const client = await signedUp('client', {}, { verified: false });
    const otherBrowser = new ApiClient(randomUUID());
    expect((await login(client.user.email, PASSWORD, otherBrowser)).status).toBe(200);
    const cookieBefore = client.api.cookie;
    const token = await newestLink(client.user.email, 'Confirm your email for Construction Checklist', 'verify-email');
    const proved = await client.api.post('/api/auth/verify-email', { token });
    expect(proved).toMatchObject({ status: 200, body: { success: true, passwordCleared: true } });
    expect(client.api.cookie).not.toBe(cookieBefore);
    expect(await me(client.api)).toBe(200);
    expect(await me(otherBrowser)).toBe(401);
    const stale = new ApiClient(randomUUID());
    stale.cookie = cookieBefore;
    expect(await me(stale)).toBe(401);
    expect((await login(client.user.email)).status).toBe(401);
  });
});

describe('accounts made before credential epochs', () => {
  it('keep their sessions and links: a sign-in link on a proved account made before ends no other session', async () => {
    const { api, user } = await signedUp('contractor');
    // As an account recorded before this change: no epoch, already proved.
    await dynamo().send(new UpdateCommand({ TableName: config().stateTable, Key: stateKeys.user(user.id), UpdateExpression: 'REMOVE authEpoch, passwordProved SET isEmailVerified = :yes', ExpressionAttributeValues: { ':yes': true } }));
    expect(await me(api)).toBe(200);
    const phone = new ApiClient(randomUUID());
    expect((await phone.post('/api/auth/magic-link/verify', { token: await signInLinkToken(user.email) })).status).toBe(200);
    expect(await me(api)).toBe(200);
    expect(await me(phone)).toBe(200);
    expect((await login(user.email)).status).toBe(200);
  });
});

describe('a sign-in link in a browser signed in as someone else', () => {
  it("ends the session it replaces, so the other account's cookie is worth nothing afterwards", async () => {
    const a = await signedUp('contractor');
    const b = await signedUp('contractor');
    const cookieOfA = a.api.cookie;
    expect((await a.api.post('/api/auth/magic-link/verify', { token: await signInLinkToken(b.user.email) })).status).toBe(200);
    expect((await a.api.get('/api/auth/me')).body.id).toBe(b.user.id);
    const leftOver = new ApiClient(randomUUID());
    leftOver.cookie = cookieOfA;
    expect(await me(leftOver)).toBe(401);
  });
});

describe('changing the e-mail or the password', () => {
  it('asks for the current password to change the e-mail, mails the old address a notice, and ends every other session', async () => {
    const { api, user } = await signedUp('contractor');
    const phone = new ApiClient(randomUUID());
    expect((await login(user.email, PASSWORD, phone)).status).toBe(200);
    const newEmail = uniqueEmail('moved');

    const without = await api.put('/api/auth/profile', profile(user, { email: newEmail }));
    expect(without).toMatchObject({ status: 400, body: { fieldErrors: { currentPassword: ['Current password is required'] } } });
    const wrong = await api.put('/api/auth/profile', profile(user, { email: newEmail, currentPassword: 'not the password' }));
    expect(wrong).toMatchObject({ status: 400, body: { fieldErrors: { currentPassword: [accountMessages.wrongCurrentPassword] } } });
    expect((await api.get('/api/auth/me')).body.email).toBe(user.email);
    // A name alone needs no password.
    expect((await api.put('/api/auth/profile', profile(user, { firstName: 'Cas' }))).status).toBe(200);

    const moved = await api.put('/api/auth/profile', profile(user, { email: newEmail, currentPassword: PASSWORD }));
    expect(moved).toMatchObject({ status: 200, body: { email: newEmail, isEmailVerified: false } });
    expect(await me(api)).toBe(200);
    expect(await me(phone)).toBe(401);
    const [notice] = (await mailTo(user.email)).filter((mail) => mail.subject === 'Your Construction Checklist e-mail was changed');
    expect(notice?.text).toContain(`changed to ${newEmail}`);
    expect(linkIn(notice, 'not-me')).toBeDefined();
  });

  it("'this was not me' ends every session, drops the password and gives the old address back", async () => {
    const { api, user } = await signedUp('contractor');
    const intruderEmail = uniqueEmail('intruder');
    expect((await api.put('/api/auth/profile', profile(user, { email: intruderEmail, currentPassword: PASSWORD }))).status).toBe(200);
    const token = await newestLink(user.email, 'Your Construction Checklist e-mail was changed', 'not-me');

    const said = await new ApiClient(randomUUID()).post('/api/auth/not-me', { token });
    expect(said).toMatchObject({ status: 200, body: { message: accountMessages.sessionsEnded } });
    expect(await me(api)).toBe(401);
    expect((await login(intruderEmail)).status).toBe(401);
    expect((await login(user.email)).status).toBe(401);
    // The owner is back in through the old address.
    const owner = new ApiClient(randomUUID());
    expect((await owner.post('/api/auth/magic-link/verify', { token: await signInLinkToken(user.email) })).status).toBe(200);
    expect((await owner.get('/api/auth/me')).body).toMatchObject({ id: user.id, email: user.email });
    // Once only; a made-up token is refused and changes nothing.
    expect((await new ApiClient(randomUUID()).post('/api/auth/not-me', { token })).status).toBe(400);
    expect(await new ApiClient(randomUUID()).post('/api/auth/not-me', { token: 'x'.repeat(500) })).toMatchObject({ status: 400, body: { fieldErrors: { token: ['Token is invalid'] } } });
    expect(await me(owner)).toBe(200);
  });

  it('kills a reset link mailed before a password change, and a change ends the other sessions but not this one', async () => {
    const { api, user } = await signedUp('contractor');
    const other = new ApiClient(randomUUID());
    expect((await login(user.email, PASSWORD, other)).status).toBe(200);
    expect((await new ApiClient(randomUUID()).post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    const resetToken = await newestLink(user.email, 'Reset your Construction Checklist password', 'reset-password');

    expect((await api.put('/api/auth/change-password', { newPassword: 'a new password 2' })).status).toBe(400);
    expect((await api.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a new password 2' })).status).toBe(200);
    expect(await me(api)).toBe(200);
    expect(await me(other)).toBe(401);
    expect((await mailTo(user.email)).some((mail) => mail.subject === 'Your Construction Checklist password was changed')).toBe(true);

    const reset = await new ApiClient(randomUUID()).post('/api/auth/reset-password', { token: resetToken, password: 'an attackers 3', confirmPassword: 'an attackers 3' });
    expect(reset).toMatchObject({ status: 400, body: { message: accountMessages.invalidResetLink } });
    expect((await login(user.email, 'a new password 2')).status).toBe(200);
  });

  it('a password reset ends every session and closes their WebSockets; signing out closes that session’s sockets only', async () => {
    const contractor = await signedUp('contractor');
    const project = await contractor.api.post('/api/projects', { name: 'Aspen Row', address: '1 Aspen Row', clientName: 'Chris Owner' });
    const tab = new ApiClient(randomUUID());
    expect((await login(contractor.user.email, PASSWORD, tab)).status).toBe(200);
    const signedOutTab = await openSocket(project.body.id, tab.cookie!);
    const stayingTab = await openSocket(project.body.id, contractor.api.cookie!);

    expect((await tab.post('/api/auth/logout', {})).status).toBe(200);
    expect(await within(signedOutTab.closed, 5000)).toBe(true);
    expect(stayingTab.isOpen()).toBe(true);

    expect((await new ApiClient(randomUUID()).post('/api/auth/forgot-password', { email: contractor.user.email })).status).toBe(200);
    const token = await newestLink(contractor.user.email, 'Reset your Construction Checklist password', 'reset-password');
    expect((await new ApiClient(randomUUID()).post('/api/auth/reset-password', { token, password: 'reset password 4', confirmPassword: 'reset password 4' })).status).toBe(200);
    expect(await within(stayingTab.closed, 5000)).toBe(true);
    expect(await me(contractor.api)).toBe(401);
  });
});

describe('limits on what a typed address costs', () => {
  it(`answers no more than ${LOGIN_LIMITS.email} of 40 parallel wrong guesses for one account with anything but 429, from 40 addresses`, async () => {
    await awayFromWindowEdge();
    const { user } = await signedUp('contractor');
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(user.email, 'wrong guess')));
    const notLimited = answers.filter((answer) => answer.status !== 429);
    expect(notLimited.length).toBeLessThanOrEqual(LOGIN_LIMITS.email);
    expect(notLimited.every((answer) => answer.status === 401)).toBe(true);
    // The right password is refused too until the window ends.
    expect((await login(user.email)).status).toBe(429);
  });

  it('refuses a taken address as before, tells its owner someone tried, and throttles the tries', async () => {
    await awayFromWindowEdge();
    const { user } = await signedUp('contractor');
    const attacker = randomUUID();
    const tryRegister = (email: string) =>
      new ApiClient(attacker).post('/api/auth/register', { firstName: 'Eve', lastName: 'Squat', email, role: 'client', password: PASSWORD, confirmPassword: PASSWORD });
    expect(await tryRegister(user.email)).toMatchObject({ status: 409, body: { message: accountMessages.emailTaken } });
    const notices = (await mailTo(user.email)).filter((mail) => mail.subject === 'Someone tried to create a Construction Checklist account with your address');
    expect(notices).toHaveLength(1);
    const statuses = [];
    for (let i = 1; i < REGISTRATION_LIMITS.email + 2; i++) statuses.push((await tryRegister(user.email)).status);
    expect(statuses.slice(0, REGISTRATION_LIMITS.email - 1).every((status) => status === 409)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // One notice an hour, however many tries.
    expect((await mailTo(user.email)).filter((mail) => mail.subject === notices[0]!.subject)).toHaveLength(1);
  });

  it('meters verification mail to a new e-mail per account, and refuses names with line breaks naming the field', async () => {
    await awayFromWindowEdge();
    const { api, user } = await signedUp('contractor');
    const statuses = [];
    let current = user.email;
    for (let i = 0; i <= VERIFICATION_MAILS_PER_HOUR; i++) {
      const next = uniqueEmail('hop');
      const answer = await api.put('/api/auth/profile', profile({ email: current }, { email: next, currentPassword: PASSWORD }));
      statuses.push(answer.status);
      if (answer.status === 200) current = next;
    }
    expect(statuses).toEqual([...Array(VERIFICATION_MAILS_PER_HOUR).fill(200), 429]);

    const injected = await api.put('/api/auth/profile', profile({ email: current }, { firstName: 'Casey\r\nBcc: everyone@example.com' }));
    expect(injected).toMatchObject({ status: 400, body: { fieldErrors: { firstName: ['First name must be on one line'] } } });
    const registered = await new ApiClient(randomUUID()).post('/api/auth/register', { firstName: 'Eve', lastName: 'Line\nBreak', email: uniqueEmail('eve'), role: 'client', password: PASSWORD, confirmPassword: PASSWORD });
    expect(registered).toMatchObject({ status: 400, body: { fieldErrors: { lastName: ['Last name must be on one line'] } } });
  });
});
