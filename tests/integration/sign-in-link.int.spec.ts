import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { signInLinkMessages } from '../../events/accounts/schemas';
import { catalogue } from '../../events/registered-events';
import { newMailedToken } from '../../functions/accounts/mailed-tokens';
import { signInLinkTokens } from '../../functions/accounts/sign-in-links';
import { SIGN_IN_LINK_LIMITS } from '../../functions/limits';
import { dynamo } from '../../functions/adapters/dynamo';
import { SIGN_IN_LINK_ANSWER_MS } from '../../functions/handlers/auth-magic-link';
import { PASSWORD, signedUp, uniqueEmail } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { mailTo, tokenOfLink } from '../support/mail';
import { storeWith } from '../support/store';
import { awayFromWindowEdge } from '../support/throttle-windows';

/**
 * Issue 18, sign-in by e-mail link, through the local gateway: the link is read back from the SES
 * emulator, as its reader would open it.
 */

const SUBJECT = 'Your Construction Checklist sign-in link';

/** Asks for a link from a caller of its own (own address: the per-address limit stays apart). */
const askForLink = (email: string, address: string = randomUUID()) => new ApiClient(address).post('/api/auth/magic-link', { email });

/** The sign-in links mailed to the address, newest first. */
async function linksMailedTo(email: string): Promise<string[]> {
  const mails = (await mailTo(email)).filter((mail) => mail.subject === SUBJECT);
  return mails.map((mail) => /(http\S+\/sign-in-link#token=[\w-]+)/.exec(mail.text ?? '')?.[1] ?? 'no link in the mail');
}

const tokenOf = (link: string) => tokenOfLink(link)!;

const signInWith = (token: unknown, api = new ApiClient(randomUUID())) => api.post('/api/auth/magic-link/verify', token === undefined ? {} : { token });

/** The cookie's attributes, without its value. */
const cookieAttributes = (setCookies: string[]) => setCookies.map((cookie) => cookie.replace(/^cc_session=[^;]*/, 'cc_session=…'));

const refused = { status: 400, body: { message: signInLinkMessages.invalid, fieldErrors: { token: [signInLinkMessages.invalid] } } };

describe('sign-in by e-mail link', () => {
  it('mails a link that signs in once, with the password sign-in cookie, and proves the e-mail', async () => {
    const contractor = await signedUp('contractor');
    const email = uniqueEmail('linked');
    const waiting = await contractor.api.post('/api/projects', { name: 'Cedar Court', address: '4 Cedar Court', clientName: 'Chris Owner', clientEmail: email });
    const client = await signedUp('client', { email }, { verified: false });

    const asked = await askForLink(email.toUpperCase());
    expect(asked).toEqual({ status: 200, body: { message: signInLinkMessages.sent }, setCookies: [] });
    const [link, ...others] = await linksMailedTo(email);
    expect(others).toEqual([]);
    // In the fragment, which no request carries: the token stays out of CloudFront's and the gateway's logs.
    expect(link).toMatch(/\/sign-in-link#token=[\w-]{43}$/);
    const [mail] = (await mailTo(email)).filter((sent) => sent.subject === SUBJECT);
    expect(mail?.text).toContain('Hello Chris,');
    expect(mail?.text).toContain('within 15 minutes');

    const browser = new ApiClient(randomUUID());
    const signedIn = await signInWith(tokenOf(link!), browser);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ id: client.user.id, email, role: 'client', isEmailVerified: true });
    expect(JSON.stringify(signedIn.body)).not.toMatch(/hash|password/i);
    // Issue 27: the link was the address's first proof, so the password set at sign-up before it (by
    // whoever made the account) no longer signs in; the link's cookie is the one password sign-in sets.
    expect(await new ApiClient(randomUUID()).post('/api/auth/login', { email, password: PASSWORD })).toMatchObject({ status: 401, setCookies: [] });
    const someoneElse = await signedUp('contractor');
    const byPassword = await new ApiClient(randomUUID()).post('/api/auth/login', { email: someoneElse.user.email, password: PASSWORD });
    expect(cookieAttributes(signedIn.setCookies)).toEqual(cookieAttributes(byPassword.setCookies));
    expect(await browser.get('/api/auth/me')).toMatchObject({ status: 200, body: { id: client.user.id, isEmailVerified: true } });

    // The e-mail is proved: the project waiting for it is the client's now.
    expect((await browser.get('/api/client-projects')).body.map((project: { id: string }) => project.id)).toEqual([waiting.body.id]);
    const events = await storeWith(catalogue).readStream(`user#${client.user.id}`);
    expect(events.at(-2)).toMatchObject({ type: 'EmailVerified', data: { userId: client.user.id, projectId: null }, meta: { actorId: client.user.id } });
    // The address's first proof: the sessions and password its creator held are over (issue 27).
    expect(events.at(-1)).toMatchObject({ type: 'SessionsEnded', data: { userId: client.user.id, reason: 'address_proved', passwordCleared: true } });
    expect(JSON.stringify(events)).not.toContain(tokenOf(link!));

    // Once: the second use is refused, signs no one in, and records nothing.
    const again = new ApiClient(randomUUID());
    expect(await signInWith(tokenOf(link!), again)).toMatchObject({ ...refused, setCookies: [] });
    expect((await again.get('/api/auth/me')).status).toBe(401);
    expect(await storeWith(catalogue).readStream(`user#${client.user.id}`)).toHaveLength(events.length);
  });

  it('lets two requests racing with one link sign in once', async () => {
    const { user } = await signedUp('contractor');
    await askForLink(user.email);
    const [link] = await linksMailedTo(user.email);
    const answers = await Promise.all([signInWith(tokenOf(link!)), signInWith(tokenOf(link!))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('takes a link for 15 minutes: refuses an expired, made-up, missing or oversized token, and one mailed before an e-mail change', async () => {
    const { user } = await signedUp('contractor');
    const minutesAgo = (minutes: number) => {
      const made = newMailedToken(signInLinkTokens, { userId: user.id, email: user.email }, new Date(Date.now() - minutes * 60_000));
      return dynamo().send(new PutCommand(made.write.item.Put!)).then(() => made.token);
    };
    const [fresh, expired] = await Promise.all([minutesAgo(14), minutesAgo(16)]);
    expect(await signInWith(expired)).toMatchObject(refused);
    // The first proof ends the sign-up session; the link's session goes on (and may change the e-mail without a password for 15 minutes).
    const api = new ApiClient(randomUUID());
    expect((await signInWith(fresh, api)).status).toBe(200);

    for (const forged of ['made-up', randomUUID(), 'A'.repeat(43)]) {
      expect(await signInWith(forged)).toMatchObject(refused);
    }
    for (const [token, message] of [[undefined, 'Token is required'], ['', 'Token is required'], ['x'.repeat(5000), 'Token is invalid'], [42, undefined]] as const) {
      const answer = await signInWith(token);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.fieldErrors)).toEqual(['token']);
      if (message) expect(answer.body.fieldErrors.token).toEqual([message]);
    }

    await askForLink(user.email);
    const [beforeChange] = await linksMailedTo(user.email);
    const moved = await api.put('/api/auth/profile', { firstName: 'Casey', lastName: 'Builder', email: uniqueEmail('moved'), companyName: null, phone: null });
    expect(moved.status).toBe(200);
    expect(await signInWith(tokenOf(beforeChange!))).toMatchObject(refused);
  });

  it('answers an unknown e-mail the same, no sooner, and mails nothing', async () => {
    const { user } = await signedUp('contractor');
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await askForLink(email);
      return { answer, ms: performance.now() - started };
    };
    const nobody = uniqueEmail('nobody');
    const [known, unknown] = [await timed(user.email), await timed(nobody)];
    expect(unknown.answer).toEqual(known.answer);
    expect(known.answer).toEqual({ status: 200, body: { message: signInLinkMessages.sent }, setCookies: [] });
    // A floor, not a speed figure: both wait until the same moment after the request arrived.
    expect(known.ms).toBeGreaterThanOrEqual(SIGN_IN_LINK_ANSWER_MS);
    expect(unknown.ms).toBeGreaterThanOrEqual(SIGN_IN_LINK_ANSWER_MS);
    expect(await linksMailedTo(user.email)).toHaveLength(1);
    expect(await mailTo(nobody)).toEqual([]);
  });

  it(`mails at most ${SIGN_IN_LINK_LIMITS.email} links an hour to one e-mail, then answers 429 alike for known and unknown e-mails`, async () => {
    await awayFromWindowEdge();
    const { user } = await signedUp('contractor');
    const nobody = uniqueEmail('nobody');
    for (const email of [user.email, nobody]) {
      const answers = await Promise.all(Array.from({ length: SIGN_IN_LINK_LIMITS.email }, () => askForLink(email)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(SIGN_IN_LINK_LIMITS.email).fill(200));
      expect(await askForLink(email)).toMatchObject({ status: 429, body: { message: signInLinkMessages.tooMany } });
    }
    expect(await linksMailedTo(user.email)).toHaveLength(SIGN_IN_LINK_LIMITS.email);
    // The links mailed before the limit still work.
    const [newest] = await linksMailedTo(user.email);
    expect((await signInWith(tokenOf(newest!))).status).toBe(200);
  });

  it(`takes at most ${SIGN_IN_LINK_LIMITS.address} requests an hour from one address`, async () => {
    await awayFromWindowEdge();
    const address = randomUUID();
    const { user } = await signedUp('contractor');
    const sprayed = await Promise.all(Array.from({ length: SIGN_IN_LINK_LIMITS.address }, () => askForLink(uniqueEmail('sprayed'), address)));
    expect(sprayed.every((answer) => answer.status === 200)).toBe(true);
    expect(await askForLink(user.email, address)).toMatchObject({ status: 429, body: { message: signInLinkMessages.tooMany } });
    expect(await linksMailedTo(user.email)).toEqual([]);
    // Another caller is not held back, and the e-mail's own allowance was not spent.
    expect((await askForLink(user.email)).status).toBe(200);
    expect(await linksMailedTo(user.email)).toHaveLength(1);
  });
});
