import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInLinkMessages } from '../../events/accounts/schemas';
import { accessibilityViolations, expectNoHorizontalOverflow, mailTo, screenshot, settled, uniqueEmail, usePages, viewportName, viewports } from '../support/browser';

/**
 * Issue 18 in real Chromium: Sign In mails a link, the link signs in once and lands as a password
 * sign-in does. Issue 27: the token rides in the fragment and leaves the address bar once read;
 * opening the link spends nothing until the person clicks (mail scanners open links); a browser
 * signed in as someone else is asked before it switches accounts.
 */

const openPage = usePages();
const PASSWORD = 'first-password-1';
const VERIFY = '/api/auth/magic-link/verify';

/** Registers a client in a browser of its own (signed in there), so `page` stays signed out. */
async function clientAccount(firstName = 'Chris', lastName = 'Owner'): Promise<{ email: string; page: Page }> {
  const email = uniqueEmail(firstName.toLowerCase());
  const page = await openPage();
  const response = await page.request.post('/api/auth/register', {
    data: { firstName, lastName, email, role: 'client', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return { email, page };
}

/** The sign-in link in the newest mail the SES emulator captured for this address. */
async function signInLinkMailedTo(email: string): Promise<string> {
  const [mail] = (await mailTo(email)).filter((sent) => sent.subject === 'Your Construction Checklist sign-in link');
  const link = /https?:\/\/\S+\/sign-in-link#token=[\w-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no sign-in link mailed to ${email}`);
  return link;
}

/** Has the app mail a link to this address, asked for from a browser of its own. */
async function mailLink(email: string): Promise<string> {
  const asker = await openPage();
  expect((await asker.request.post('/api/auth/magic-link', { data: { email } })).status()).toBe(200);
  return signInLinkMailedTo(email);
}

/** Counts the page's requests that would spend a token. */
function countSpends(page: Page): () => number {
  let spends = 0;
  page.on('request', (request) => void (new URL(request.url()).pathname === VERIFY && spends++));
  return () => spends;
}

const tokenIn = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
const me = async (page: Page) => {
  const answer = await page.request.get('/api/auth/me');
  return answer.status() === 200 ? ((await answer.json()) as { email: string; isEmailVerified: boolean }) : null;
};
/** The address bar once the page has read the link: no token in it (nor in the history entry). */
const tokenLeftAddressBar = (page: Page) => page.waitForURL((url) => url.pathname === '/sign-in-link' && !url.hash && !url.search);

const askForLink = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
};

describe('sign-in by e-mail link', () => {
  it('mails a link from Sign In; opening it spends nothing; Sign In signs in, lands on the dashboard with the e-mail proved, and works once', async () => {
    const { email } = await clientAccount();
    const page = await openPage();
    await askForLink(page, email);
    await page.getByText(signInLinkMessages.sent).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'sign-in-link-sent');
    const link = await signInLinkMailedTo(email);

    // A mail scanner fetches the address (the fragment is never sent) and even renders the page: nothing is spent.
    const scanner = await openPage();
    const scannerSpends = countSpends(scanner);
    expect((await scanner.request.get(link)).status()).toBe(200);
    await scanner.goto(link);
    await scanner.getByRole('button', { name: 'Sign In' }).waitFor();
    await tokenLeftAddressBar(scanner);
    expect(scanner.url()).not.toContain(tokenIn(link));
    expect(scannerSpends()).toBe(0);
    expect(await me(scanner)).toBeNull();

    // The person opens it later: it still works, on a click.
    const spends = countSpends(page);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await tokenLeftAddressBar(page);
    expect(spends()).toBe(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome back!', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Your Projects' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(spends()).toBe(1);
    // Signed in with the session cookie, and the link proved the e-mail: no 'Check your email' banner.
    expect(await me(page)).toMatchObject({ email, isEmailVerified: true });
    expect(await page.getByRole('heading', { name: 'Check your email' }).count()).toBe(0);

    // A second browser opening the same link is refused, on the click, and offered the way back.
    const later = await openPage({ colorScheme: 'dark', width: 390, height: 844 });
    await later.goto(link);
    await later.getByRole('button', { name: 'Sign In' }).click();
    await later.getByRole('heading', { name: 'Could not sign you in' }).waitFor();
    await later.getByRole('alert').getByText(signInLinkMessages.invalid).waitFor();
    expect(await accessibilityViolations(later)).toEqual([]);
    await settled(later);
    await screenshot(later, 'sign-in-link-refused-390x844-dark');
    expect(await me(later)).toBeNull();
    await later.getByRole('link', { name: 'Back to Sign In' }).click();
    await later.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(new URL(later.url()).pathname).toBe('/login');
  });

  it("asks a browser signed in as someone else before switching: Stay signed in keeps them, Continue signs in the link's account", async () => {
    const { email: alexEmail, page } = await clientAccount('Alex', 'Other');
    const { email: chrisEmail } = await clientAccount('Chris', 'Owner');
    const link = await mailLink(chrisEmail);
    const spends = countSpends(page);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Switch accounts?' }).waitFor();
    await page.getByText(`You are signed in as ${alexEmail}. Sign in as the account this link was sent to instead?`).waitFor();
    await tokenLeftAddressBar(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'sign-in-link-switch-1280x800-light');
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.getByRole('heading', { name: 'Your Projects' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Alex Other' }).waitFor();
    expect(await me(page)).toMatchObject({ email: alexEmail });
    expect(spends()).toBe(0);

    // The link was not spent: opened again, Continue switches to its account.
    await page.goto(link);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Welcome back!', { exact: true }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Chris Owner' }).waitFor();
    expect(await me(page)).toMatchObject({ email: chrisEmail, isEmailVerified: true });
    expect(await page.getByText('Alex Other').count()).toBe(0);
  });

  it('shows the question on a phone in the dark without overflow', async () => {
    const { page: signedIn } = await clientAccount('Alex', 'Other');
    const { email } = await clientAccount('Chris', 'Owner');
    const link = await mailLink(email);
    const phone = await openPage({ width: 390, height: 844, colorScheme: 'dark' });
    await phone.context().addCookies(await signedIn.context().cookies());
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'Switch accounts?' }).waitFor();
    await expectNoHorizontalOverflow(phone);
    expect(await accessibilityViolations(phone)).toEqual([]);
    await settled(phone);
    await screenshot(phone, 'sign-in-link-switch-390x844-dark');
  });

  it('still opens a link of mail sent before the token moved to the fragment (?token=), and takes it out of the address bar', async () => {
    const { email } = await clientAccount();
    const link = await mailLink(email);
    const page = await openPage();
    await page.goto(`/sign-in-link?token=${tokenIn(link)}`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await tokenLeftAddressBar(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Your Projects' }).waitFor();
    expect(await me(page)).toMatchObject({ email });
  });

  it('uses the newer link when one is opened in the tab already on the page (only the fragment changes)', async () => {
    const first = await mailLink((await clientAccount('Alex', 'Other')).email);
    const { email } = await clientAccount();
    const second = await mailLink(email);
    const page = await openPage();
    await page.goto(first);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await tokenLeftAddressBar(page);
    await page.goto(second);
    await tokenLeftAddressBar(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Your Projects' }).waitFor();
    expect(await me(page)).toMatchObject({ email });
  });

  describe('the page a link opens, signed out', () => {
    let link: string;
    beforeAll(async () => {
      link = await mailLink((await clientAccount()).email);
    });
    for (const viewport of viewports) {
      it(`asks for the click, with nothing wider than the screen (${viewportName(viewport)})`, async () => {
        const page = await openPage(viewport);
        const spends = countSpends(page);
        await page.goto(link);
        await page.getByRole('button', { name: 'Sign In' }).waitFor();
        await tokenLeftAddressBar(page);
        await expectNoHorizontalOverflow(page);
        expect(await accessibilityViolations(page)).toEqual([]);
        await settled(page);
        await screenshot(page, `sign-in-link-open-${viewportName(viewport)}`);
        expect(spends()).toBe(0);
      });
    }
  });

  it('asks for a valid e-mail before sending, and says the same for an address without an account', async () => {
    const page = await openPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText('Invalid email address').waitFor();
    expect(await page.getByRole('heading', { name: 'Sign In' }).count()).toBe(1);

    const nobody = uniqueEmail('nobody');
    await askForLink(page, nobody);
    await page.getByText(signInLinkMessages.sent).waitFor();
    expect(await mailTo(nobody)).toEqual([]);
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  });

  it('without a token says the link is invalid', async () => {
    const page = await openPage();
    await page.goto('/sign-in-link');
    await page.getByRole('alert').getByText(signInLinkMessages.invalid).waitFor();
    await page.getByRole('link', { name: 'Back to Sign In' }).waitFor();
  });

  for (const viewport of viewports) {
    it(`shows the sign-in link option beside the password (${viewportName(viewport)})`, async () => {
      const page = await openPage(viewport);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      const linkButton = page.getByRole('button', { name: 'Email me a sign-in link' });
      await linkButton.waitFor();
      // Below Sign In, as wide as it.
      const [signIn, emailLink] = await Promise.all([page.getByRole('button', { name: 'Sign In' }).boundingBox(), linkButton.boundingBox()]);
      expect(emailLink!.y).toBeGreaterThan(signIn!.y + signIn!.height);
      expect(emailLink!.width).toBeCloseTo(signIn!.width, 0);
      await expectNoHorizontalOverflow(page);
      expect(await accessibilityViolations(page)).toEqual([]);
      await settled(page);
      await screenshot(page, `sign-in-screen-${viewportName(viewport)}`);
    });
  }
});
