import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInLinkMessages } from '../../events/accounts/schemas';
import { accessibilityViolations, expectNoHorizontalOverflow, mailTo, screenshot, settled, uniqueEmail, usePages, viewportName, viewports } from '../support/browser';

/** Issue 18 in real Chromium: Sign In mails a link, the link signs in once and lands as a password sign-in does. */

const openPage = usePages();
const PASSWORD = 'first-password-1';

/** Registers a client in a browser of its own, so `page` stays signed out. */
async function clientAccount(): Promise<string> {
  const email = uniqueEmail('linked');
  const other = await openPage();
  const response = await other.request.post('/api/auth/register', {
    data: { firstName: 'Chris', lastName: 'Owner', email, role: 'client', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return email;
}

/** The sign-in link in the newest mail the SES emulator captured for this address. */
async function signInLinkMailedTo(email: string): Promise<string> {
  const [mail] = (await mailTo(email)).filter((sent) => sent.subject === 'Your Construction Checklist sign-in link');
  const link = /https?:\/\/\S+\/sign-in-link\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no sign-in link mailed to ${email}`);
  return link;
}

const askForLink = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
};

describe('sign-in by e-mail link', () => {
  it('mails a link from Sign In; the link signs in, lands on the dashboard with the e-mail proved, and works once', async () => {
    const email = await clientAccount();
    const page = await openPage();
    await askForLink(page, email);
    await page.getByText(signInLinkMessages.sent).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'sign-in-link-sent');

    const link = await signInLinkMailedTo(email);
    await page.goto(link);
    await page.getByText('Welcome back!', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Your Projects' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // Signed in with the session cookie, and the link proved the e-mail: no 'Check your email' banner.
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email, isEmailVerified: true });
    expect(await page.getByRole('heading', { name: 'Check your email' }).count()).toBe(0);

    // A second browser opening the same link is refused and offered the way back.
    const later = await openPage({ colorScheme: 'dark', width: 390, height: 844 });
    await later.goto(link);
    await later.getByRole('heading', { name: 'Could not sign you in' }).waitFor();
    await later.getByRole('alert').getByText(signInLinkMessages.invalid).waitFor();
    expect(await accessibilityViolations(later)).toEqual([]);
    await settled(later);
    await screenshot(later, 'sign-in-link-refused-390x844-dark');
    expect((await later.request.get('/api/auth/me')).status()).toBe(401);
    await later.getByRole('link', { name: 'Back to Sign In' }).click();
    await later.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(new URL(later.url()).pathname).toBe('/login');
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
