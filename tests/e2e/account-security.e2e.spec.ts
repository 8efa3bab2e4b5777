import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, mailTo, screenshot, settled, uniqueEmail, usePages, verifyEmailByMail } from '../support/browser';

/**
 * Issue 27 in real Chromium: changing the sign-in e-mail asks for the current password, the old
 * address's 'this was not me' link secures the account only on a click, and an account whose
 * password was dropped at its address's first proof sets one in Account Settings.
 */

const openPage = usePages();
const PASSWORD = 'first-password-1';
const screens = [
  { width: 1280, colorScheme: 'light' },
  { width: 390, colorScheme: 'dark' },
] as const;

async function registered(page: Page, role: 'contractor' | 'client') {
  const account = { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('ada'), role, password: PASSWORD, confirmPassword: PASSWORD };
  expect((await page.request.post('/api/auth/register', { data: account })).status()).toBe(201);
  return account;
}

async function notMeLinkMailedTo(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await mailTo(email)).find((sent) => sent.subject === 'Your Construction Checklist e-mail was changed');
    const link = /https?:\/\/\S+\/not-me#token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no 'this was not me' link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('account security in the browser', () => {
  it.each(screens)('asks for the current password to change the e-mail; the notice link secures the account only on a click ($width, $colorScheme)', async ({ width, colorScheme }) => {
    const page = await openPage({ width, height: width > 390 ? 900 : 844, colorScheme });
    const account = await registered(page, 'contractor');
    await page.goto('/account-settings');
    const currentPassword = page.getByLabel('Current Password (to change your email)');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('moved'));
    await currentPassword.waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Current password is required').first().waitFor();
    await screenshot(page, `account-settings-email-change-${width}-${colorScheme}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await currentPassword.fill(PASSWORD);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated', { exact: true }).first().waitFor();
    await expect.poll(() => currentPassword.count()).toBe(0);

    const other = await openPage({ width, height: width > 390 ? 900 : 844, colorScheme });
    let posts = 0;
    other.on('request', (request) => void (new URL(request.url()).pathname === '/api/auth/not-me' && posts++));
    await other.goto(await notMeLinkMailedTo(account.email));
    await other.getByRole('button', { name: 'Sign out everywhere' }).waitFor();
    await other.waitForURL((url) => url.pathname === '/not-me' && !url.hash);
    await settled(other);
    expect(posts).toBe(0);
    await screenshot(other, `not-me-${width}-${colorScheme}`);
    expect(await accessibilityViolations(other)).toEqual([]);
    await other.getByRole('button', { name: 'Sign out everywhere' }).click();
    await other.getByRole('heading', { name: 'Your account is secured' }).waitFor();
    expect(posts).toBe(1);
    expect(await accessibilityViolations(other)).toEqual([]);

    // The session that changed the e-mail is over too.
    await page.goto('/account-settings');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  });

  it('offers Set Password after the first proof dropped a password set before it, and signs in with the new one', async () => {
    const page = await openPage({ width: 390, height: 844, colorScheme: 'light' });
    const account = await registered(page, 'client');
    await verifyEmailByMail(page, account.email);
    await page.goto('/account-settings');
    await page.getByRole('button', { name: 'Set Password' }).waitFor();
    await expect.poll(() => page.getByLabel('Current Password').count()).toBe(0);
    await screenshot(page, 'account-settings-set-password-390-light');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('New Password', { exact: true }).fill('chosen-password-2');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('chosen-password-2');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Password set', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Change Password' }).waitFor();

    const elsewhere = await openPage();
    expect((await elsewhere.request.post('/api/auth/login', { data: { email: account.email, password: PASSWORD } })).status()).toBe(401);
    expect((await elsewhere.request.post('/api/auth/login', { data: { email: account.email, password: 'chosen-password-2' } })).status()).toBe(200);
  });
});
