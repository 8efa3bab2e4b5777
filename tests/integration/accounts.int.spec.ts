import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { accountMessages } from '../../events/accounts/schemas';
import { dynamo } from '../../functions/adapters/dynamo';
import { newResetToken } from '../../functions/accounts/mailed-tokens';
import { LOGIN_LIMITS, RESET_MAILS_PER_HOUR } from '../../functions/limits';
import { tokenOfLink } from '../support/mail';
import { ApiClient } from '../support/api-client';
import { eventStore } from '../../functions/commands/event-store';
import { awayFromWindowEdge } from '../support/throttle-windows';

/** Spec sections 3, 5, 7 (Auth and account) and 8, through the local gateway. */

const uniqueEmail = (name = 'casey') => `${name}.${randomUUID().slice(0, 8)}@Example.com`;
const PASSWORD = 'correct horse 1';

const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Casey',
  lastName: 'Builder',
  email: uniqueEmail(),
  role: 'contractor',
  companyName: 'Builder & Co',
  phone: '555-0100',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...overrides,
});

async function registered(overrides: Record<string, unknown> = {}) {
  const client = new ApiClient(randomUUID());
  const form = registration(overrides);
  const answer = await client.post('/api/auth/register', form);
  expect(answer.status).toBe(201);
  return { client, form, user: answer.body };
}

/** Mail to the address, newest first; `subject` keeps one kind (sign-up also mails a verification link). */
async function mailsTo(address: string, subject?: string) {
  const response = await fetch(`${inject('localCloud').sesEndpoint}/store`);
  const { emails } = (await response.json()) as { emails: { destination: { to: string[] }; subject: string; body: { text: string } }[] };
  return emails.filter((mail) => mail.destination.to.includes(address.toLowerCase()) && (!subject || mail.subject === subject)).reverse();
}

const RESET_SUBJECT = 'Reset your Construction Checklist password';

describe('register', () => {
  it('creates the account, signs in with an httpOnly SameSite=Lax cookie, and never shows the hash', async () => {
    const { client, form, user } = await registered();
    expect(user).toMatchObject({
      email: form.email.toLowerCase(),
      firstName: 'Casey',
      lastName: 'Builder',
      role: 'contractor',
      companyName: 'Builder & Co',
      phone: '555-0100',
      isEmailVerified: false,
      isActive: true,
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(user)).not.toMatch(/hash|password/i);
    expect(client.cookie).toMatch(/^cc_session=/);

    // On the local cloud the answer also carries the verification link (development help), nothing more.
    const { verificationLink, ...shown } = user;
    expect(verificationLink).toMatch(/\/verify-email#token=[\w-]+&email=/);
    const me = await client.get('/api/auth/me');
    expect(me).toMatchObject({ status: 200, body: shown });
  });

  it('records the registration on the account stream, without the password', async () => {
    const { user } = await registered();
    const events = await eventStore().readStream(`user#${user.id}`);
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'EmailVerificationRequested']);
    expect(events[0]!.meta).toMatchObject({ actorId: user.id, role: 'contractor', displayName: 'Casey Builder' });
    expect(events[0]!.data).toMatchObject({ email: user.email, firstName: 'Casey', lastName: 'Builder' });
    // As stored, the name and e-mail are sealed under the person's key (erasable), not in clear.
    const stored = JSON.stringify(await eventStore().readRawStream(`user#${user.id}`));
    expect(stored).not.toContain('Casey');
    expect(stored).not.toContain(user.email);
    expect(JSON.stringify(events)).not.toContain(PASSWORD);
    // The mailed token stays out of the record: only its hash is stored, apart from the events.
    const token = tokenOfLink(user.verificationLink)!;
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['firstName', { firstName: '  ' }, 'First name is required'],
    ['lastName', { lastName: undefined }, 'Last name is required'],
    ['confirmPassword', { confirmPassword: 'something else' }, "Passwords don't match"],
    ['role', { role: 'admin' }, 'Role must be contractor or client'],
  ])('refuses a bad %s with the spec message and creates nothing', async (field, change, message) => {
    const client = new ApiClient(randomUUID());
    const form = registration(change);
    const answer = await client.post('/api/auth/register', form);
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors[field]).toEqual([message]);
    expect(answer.body.message).toContain(message);
    expect(client.cookie).toBeUndefined();
    if (field !== 'email') expect((await client.post('/api/auth/login', { email: form.email, password: PASSWORD })).status).toBe(401);
  });

  it('keeps company and phone optional', async () => {
    const { user } = await registered({ companyName: undefined, phone: '' , role: 'client' });
    expect(user).toMatchObject({ companyName: null, phone: null, role: 'client' });
  });

  it('refuses an e-mail already registered, whatever its case, and leaves the first account alone', async () => {
    const { form } = await registered();
    const second = new ApiClient(randomUUID());
    const answer = await second.post('/api/auth/register', registration({ email: form.email.toUpperCase(), firstName: 'Other' }));
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: accountMessages.emailTaken, fieldErrors: { email: [accountMessages.emailTaken] } });
    const signIn = await new ApiClient(randomUUID()).post('/api/auth/login', { email: form.email, password: PASSWORD });
    expect(signIn.body.firstName).toBe('Casey');
  });
});

describe('login and logout', () => {
  it('signs in with any case of the e-mail and records the time', async () => {
    const { form } = await registered();
    const client = new ApiClient(randomUUID());
    const answer = await client.post('/api/auth/login', { email: form.email.toUpperCase(), password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(Date.parse(answer.body.lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(answer.setCookies[0]).toMatch(/HttpOnly/);
    expect(answer.setCookies[0]).toMatch(/SameSite=Lax/);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it("answers 'Invalid email or password.' for a wrong password and for an unknown e-mail alike", async () => {
    const { form } = await registered();
    const client = new ApiClient(randomUUID());
    for (const attempt of [{ email: form.email, password: 'wrong password' }, { email: uniqueEmail('nobody'), password: PASSWORD }]) {
      expect(await client.post('/api/auth/login', attempt)).toMatchObject({ status: 401, body: { message: 'Invalid email or password.' } });
    }
    expect(client.cookie).toBeUndefined();
  });

  it('validates the form with the spec messages', async () => {
    const answer = await new ApiClient().post('/api/auth/login', { email: 'nope', password: '' });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ email: ['Invalid email address'], password: ['Password is required'] });
  });

  it('revokes the session on logout: the old cookie no longer works', async () => {
    const { client } = await registered();
    const oldCookie = client.cookie;
    const answer = await client.post('/api/auth/logout');
    expect(answer.status).toBe(200);
    expect(answer.setCookies[0]).toMatch(/^cc_session=;.*Max-Age=0/);
    const replay = new ApiClient();
    replay.cookie = oldCookie;
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  it('answers 401 to /me when signed out', async () => {
    expect(await new ApiClient().get('/api/auth/me')).toMatchObject({ status: 401, body: { message: 'Please sign in to continue.' } });
  });

  it('throttles repeated failures for one e-mail with 429, even when the password is then right', async () => {
    await awayFromWindowEdge();
    const { form } = await registered();
    const attacker = new ApiClient(randomUUID());
    for (let attempt = 0; attempt < LOGIN_LIMITS.email; attempt++) {
      expect((await attacker.post('/api/auth/login', { email: form.email, password: `guess ${attempt}` })).status).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/login', { email: form.email, password: PASSWORD });
    expect(blocked).toMatchObject({ status: 429, body: { message: accountMessages.tooManyAttempts } });
    // From another address too: the limit is on the account.
    expect((await new ApiClient(randomUUID()).post('/api/auth/login', { email: form.email, password: PASSWORD })).status).toBe(429);
  });

  it('throttles one address trying many e-mails', async () => {
    await awayFromWindowEdge();
    const address = randomUUID();
    const client = new ApiClient(address);
    for (let attempt = 0; attempt < LOGIN_LIMITS.address; attempt++) {
      await client.post('/api/auth/login', { email: uniqueEmail('spray'), password: 'guess guess' });
    }
    const { form } = await registered();
    expect((await new ApiClient(address).post('/api/auth/login', { email: form.email, password: PASSWORD })).status).toBe(429);
    expect((await new ApiClient(randomUUID()).post('/api/auth/login', { email: form.email, password: PASSWORD })).status).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for unknown e-mails and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const answer = await new ApiClient().post('/api/auth/forgot-password', { email });
    expect(answer).toEqual({ status: 200, body: { message: accountMessages.resetLinkSent }, setCookies: [] });
    expect(await mailsTo(email)).toEqual([]);
  });

  it('mails a one-hour, single-use link that sets the new password and signs out everywhere', async () => {
    const { client, form } = await registered();
    const answer = await new ApiClient().post('/api/auth/forgot-password', { email: form.email });
    expect(answer.body.message).toBe(accountMessages.resetLinkSent);
    const [mail] = await mailsTo(form.email, RESET_SUBJECT);
    expect(mail?.subject).toBe(RESET_SUBJECT);
    // The token in the fragment, which no request carries (so no log holds it).
    const link = /(http\S+\/reset-password#token=[\w-]+)$/m.exec(mail!.body.text)?.[1];
    expect(link).toBeDefined();
    // On the local cloud the answer carries the same link, for the development toast.
    expect(answer.body.resetLink).toBe(link);
    const token = tokenOfLink(link!)!;

    const newPassword = 'a brand new secret';
    const reset = await new ApiClient().post('/api/auth/reset-password', { token, password: newPassword, confirmPassword: newPassword });
    expect(reset.status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await new ApiClient(randomUUID()).post('/api/auth/login', { email: form.email, password: PASSWORD })).status).toBe(401);
    expect((await new ApiClient(randomUUID()).post('/api/auth/login', { email: form.email, password: newPassword })).status).toBe(200);

    const again = await new ApiClient().post('/api/auth/reset-password', { token, password: 'yet another one', confirmPassword: 'yet another one' });
    expect(again).toMatchObject({ status: 400, body: { message: accountMessages.invalidResetLink } });
  });

  it('refuses an expired token, an unknown one and a missing one', async () => {
    const { user } = await registered();
    const expired = newResetToken(user.id, 0, new Date(Date.now() - 2 * 60 * 60 * 1000));
    await dynamo().send(new PutCommand(expired.write.item.Put as never));
    const reset = (token: unknown) => new ApiClient().post('/api/auth/reset-password', { token, password: 'long enough', confirmPassword: 'long enough' });
    expect(await reset(expired.token)).toMatchObject({ status: 400, body: { message: accountMessages.invalidResetLink } });
    expect(await reset('made-up')).toMatchObject({ status: 400, body: { message: accountMessages.invalidResetLink } });
    expect(await reset('')).toMatchObject({ status: 400, body: { fieldErrors: { token: ['Token is required'] } } });
  });

  it('sends at most five reset mails an hour to one address, answering the same every time', async () => {
    await awayFromWindowEdge();
    const { form } = await registered();
    const answers = [];
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) answers.push(await new ApiClient().post('/api/auth/forgot-password', { email: form.email }));
    expect(answers.every((answer) => answer.status === 200 && answer.body.message === accountMessages.resetLinkSent)).toBe(true);
    expect(await mailsTo(form.email, RESET_SUBJECT)).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it('checks the new password like registration does', async () => {
    const answer = await new ApiClient().post('/api/auth/reset-password', { token: 'x', password: 'short', confirmPassword: 'other' });
    expect(answer.body.fieldErrors).toEqual({ password: ['Password must be at least 8 characters'], confirmPassword: ["Passwords don't match"] });
  });
});

describe('profile', () => {
  it('updates names, company and phone', async () => {
    const { client, form } = await registered();
    const answer = await client.put('/api/auth/profile', { firstName: 'Jordan', lastName: 'Mason', email: form.email, companyName: '', phone: '555-0199' });
    expect(answer).toMatchObject({ status: 200, body: { firstName: 'Jordan', lastName: 'Mason', companyName: null, phone: '555-0199' } });
    expect((await client.get('/api/auth/me')).body.firstName).toBe('Jordan');
  });

  it('moves the e-mail: the new one signs in, the old one is free again, a taken one is refused', async () => {
    const { client, form } = await registered();
    const other = await registered();
    const profile = { firstName: 'Casey', lastName: 'Builder', companyName: null, phone: null, currentPassword: PASSWORD };

    const taken = await client.put('/api/auth/profile', { ...profile, email: other.form.email });
    expect(taken).toMatchObject({ status: 409, body: { message: accountMessages.emailTaken } });
    expect((await client.get('/api/auth/me')).body.email).toBe(form.email.toLowerCase());

    const newEmail = uniqueEmail('moved');
    expect((await client.put('/api/auth/profile', { ...profile, email: newEmail })).status).toBe(200);
    expect((await new ApiClient(randomUUID()).post('/api/auth/login', { email: newEmail, password: PASSWORD })).status).toBe(200);
    expect((await new ApiClient(randomUUID()).post('/api/auth/login', { email: form.email, password: PASSWORD })).status).toBe(401);
    expect((await new ApiClient(randomUUID()).post('/api/auth/register', registration({ email: form.email }))).status).toBe(201);
  });

  it('refuses blank names and bad e-mails, changing nothing; needs a session', async () => {
    const { client, form } = await registered();
    const answer = await client.put('/api/auth/profile', { firstName: '', lastName: 'X', email: 'bad' });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ firstName: ['First name is required'], email: ['Invalid email address'] });
    expect((await client.get('/api/auth/me')).body).toMatchObject({ firstName: 'Casey', email: form.email.toLowerCase() });
    expect((await new ApiClient().put('/api/auth/profile', { firstName: 'A', lastName: 'B', email: form.email })).status).toBe(401);
  });
});

describe('change password', () => {
  it('needs the current password, then signs out the other sessions and keeps this one', async () => {
    const { client, form } = await registered();
    const otherDevice = new ApiClient(randomUUID());
    await otherDevice.post('/api/auth/login', { email: form.email, password: PASSWORD });

    const wrong = await client.put('/api/auth/change-password', { currentPassword: 'not it at all', newPassword: 'the next secret' });
    expect(wrong).toMatchObject({ status: 400, body: { fieldErrors: { currentPassword: [accountMessages.wrongCurrentPassword] } } });

    expect((await client.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'the next secret' })).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(401);
    expect((await new ApiClient(randomUUID()).post('/api/auth/login', { email: form.email, password: 'the next secret' })).status).toBe(200);
  });

  it('validates with the spec messages', async () => {
    const { client } = await registered();
    const answer = await client.put('/api/auth/change-password', { currentPassword: '', newPassword: 'short' });
    expect(answer.body.fieldErrors).toEqual({ currentPassword: ['Current password is required'], newPassword: ['Password must be at least 8 characters'] });
  });
});

describe('delete account', () => {
  it('removes the account, its sessions and its tokens; the e-mail can register again', async () => {
    const { client, form, user } = await registered();
    const otherDevice = new ApiClient(randomUUID());
    await otherDevice.post('/api/auth/login', { email: form.email, password: PASSWORD });
    await new ApiClient().post('/api/auth/forgot-password', { email: form.email });
    const [mail] = await mailsTo(form.email, RESET_SUBJECT);
    const token = /#token=([\w-]+)/.exec(mail!.body.text)![1];

    const answer = await client.delete('/api/auth/account');
    expect(answer.status).toBe(200);
    expect(answer.setCookies[0]).toMatch(/Max-Age=0/);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(401);
    expect((await new ApiClient(randomUUID()).post('/api/auth/login', { email: form.email, password: PASSWORD })).status).toBe(401);
    expect((await new ApiClient().post('/api/auth/reset-password', { token, password: 'long enough', confirmPassword: 'long enough' })).status).toBe(400);
    const events = await eventStore().readStream(`user#${user.id}`);
    expect(events.at(-1)?.type).toBe('AccountDeleted');
    // The record stays; the person in it is erased (their key is gone).
    expect(events[0]!.meta.displayName).toBe('Deleted user');
    expect(events[0]!.data).toMatchObject({ email: 'Deleted user', firstName: 'Deleted user' });

    expect((await new ApiClient(randomUUID()).post('/api/auth/register', registration({ email: form.email }))).status).toBe(201);
    expect((await new ApiClient().delete('/api/auth/account')).status).toBe(401);
  });
});
