import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalOverflow, mailTo, screenshot, uniqueEmail, usePages, viewportName, viewports } from '../support/browser';
import { newAccount as someAccount, registerByApi, type Account } from '../support/browser-accounts';

/** The account screens in real Chromium against the local cloud (issue 3). */

const openPage = usePages();

const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications (F8)' }).getByText(text, { exact: true });
const seeToast = (page: Page, text: string) => toast(page, text).waitFor();
const seeText = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const atPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

const newAccount = (role: Account['role'], firstName = 'Ada', lastName = 'Lovelace'): Account =>
  someAccount(role, { firstName, lastName, email: uniqueEmail(firstName.toLowerCase()) });

async function fillRegisterForm(page: Page, account: Account, confirmPassword = account.password) {
  await page.goto('/register');
  await page.getByLabel('First Name').fill(account.firstName);
  await page.getByLabel('Last Name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('radio', { name: account.role === 'contractor' ? 'Contractor' : 'Client' }).check();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirmPassword);
}

/**
 * The address bar says /login before the sign-in screen's code has come, and the page left is
 * still drawn until then: account settings has an Email field too, so the form is awaited first.
 */
async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page, fullName: string) {
  await page.getByRole('banner').getByRole('button', { name: fullName }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await atPath(page, '/login');
  await page.getByRole('heading', { name: 'Sign In' }).waitFor();
}

/** The reset link from the newest mail the SES emulator captured for this address. */
async function resetLinkFromMail(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const body = (await mailTo(email)).map((mail) => `${mail.text ?? ''} ${mail.html ?? ''}`).join(' ').replaceAll('&amp;', '&');
    const link = /https?:\/\/[^\s"'<>]+\/reset-password#token=[^\s"'<>]+/.exec(body)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no reset link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for the toast's entry animation, so a screenshot shows it in place. */
async function toastSettled(page: Page) {
  await page
    .getByRole('region', { name: 'Notifications (F8)' })
    .locator('li')
    .evaluateAll((items) => Promise.all(items.flatMap((item) => item.getAnimations().map((animation) => animation.finished))));
}

describe('accounts in the browser', () => {
  it('registers a contractor, signs out and in, resets the password and renames them', async () => {
    const page = await openPage();
    const account = newAccount('contractor');

    await fillRegisterForm(page, account);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await atPath(page, '/');
    await seeToast(page, 'Account created!');
    await toastSettled(page);
    await screenshot(page, 'toast-account-created-1280x800-light');
    await page.getByRole('banner').getByText('Project Manager').waitFor();
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();

    await signOut(page, 'Ada Lovelace');
    await signIn(page, account.email, account.password);
    await seeToast(page, 'Welcome back!');
    await atPath(page, '/');
    await page.getByRole('banner').getByText('Project Manager').waitFor();
    await signOut(page, 'Ada Lovelace');

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await atPath(page, '/forgot-password');
    // The address changes before the page's code has come: typed then, the email would land in the sign-in form.
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    // The local cloud answers with the link, so the development toast shows it instead.
    await page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('link', { name: /\/reset-password#token=/ }).waitFor();

    const link = new URL(await resetLinkFromMail(account.email));
    await page.goto(`${link.pathname}${link.hash}`);
    // Read from the fragment, then gone from the address bar and the history.
    await page.waitForURL((url) => url.pathname === '/reset-password' && !url.hash && !url.search);
    await page.getByLabel('New Password').fill('second-password-2');
    await page.getByLabel('Confirm Password').fill('second-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await atPath(page, '/login');

    await signIn(page, account.email, account.password);
    await seeToast(page, 'Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await signIn(page, account.email, 'second-password-2');
    await seeToast(page, 'Welcome back!');
    await atPath(page, '/');

    await page.getByRole('banner').getByRole('button', { name: 'Ada Lovelace' }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await atPath(page, '/account-settings');
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, 'Profile updated');
    await page.getByRole('banner').getByText('Grace Hopper').waitFor();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await atPath(page, '/projects');
  });

  it('rejects a wrong password with the server message', async () => {
    const page = await openPage({ width: 390, height: 844 });
    const account = newAccount('contractor');
    await registerByApi(page, account);
    await page.context().clearCookies();

    await page.goto('/login');
    await signIn(page, account.email, 'not-the-password');
    await seeToast(page, 'Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await toastSettled(page);
    await screenshot(page, 'toast-invalid-login-390x844-light');
  });

  it('refuses a second account with the same e-mail, under the Email field', async () => {
    const page = await openPage();
    const account = newAccount('client');
    await registerByApi(page, account);
    await page.context().clearCookies();

    await fillRegisterForm(page, account);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await seeToast(page, 'An account with this email already exists.');
    await page.locator('#register-email-error').getByText('An account with this email already exists.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('changes the password in account settings', async () => {
    const page = await openPage();
    const account = newAccount('contractor');
    await registerByApi(page, account);
    await page.goto('/account-settings');

    const current = page.getByLabel('Current Password', { exact: true });
    const fresh = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm New Password', { exact: true });
    await current.fill('wrong-password-9');
    await fresh.fill('third-password-3');
    await confirm.fill('third-password-3');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await seeToast(page, 'Current password is incorrect.');
    await page.locator('#current-password-error').getByText('Current password is incorrect.').waitFor();

    // The visibility toggle shows what was typed.
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await current.getAttribute('type')).toBe('text');
    await current.fill(account.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await seeToast(page, 'Password changed');
    expect(await current.inputValue()).toBe('');
    expect(await fresh.inputValue()).toBe('');

    await page.context().clearCookies();
    const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: 'third-password-3' } });
    expect(login.status()).toBe(200);
  });

  it('shows the login screen at / when signed out, keeping the address', async () => {
    const page = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('keeps the register form when the passwords differ', async () => {
    const page = await openPage();
    await fillRegisterForm(page, newAccount('contractor'), 'something-else-1');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const confirmError = page.locator('#register-confirm-password-error');
    await confirmError.waitFor();
    expect(await confirmError.textContent()).toBe("Passwords don't match");
    expect(await page.getByLabel('Confirm Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('still opens a reset link of mail sent before the token moved to the fragment (?token=), and clears it from the address bar', async () => {
    const page = await openPage();
    const account = newAccount('contractor');
    await registerByApi(page, account);
    const visitor = await openPage();
    expect((await visitor.request.post('/api/auth/forgot-password', { data: { email: account.email } })).status()).toBe(200);
    const token = new URLSearchParams(new URL(await resetLinkFromMail(account.email)).hash.slice(1)).get('token')!;
    await visitor.goto(`/reset-password?token=${token}`);
    await visitor.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await visitor.waitForURL((url) => url.pathname === '/reset-password' && !url.search);
    await visitor.getByLabel('New Password').fill('second-password-2');
    await visitor.getByLabel('Confirm Password').fill('second-password-2');
    await visitor.getByRole('button', { name: 'Reset Password' }).click();
    await visitor.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
  });

  it('sends a reset link without a token back to forgot password', async () => {
    const page = await openPage();
    await page.goto('/reset-password');
    await atPath(page, '/forgot-password');
    await seeToast(page, 'Invalid reset link');
    await seeToast(page, 'The password reset link is invalid or expired.');
  });

  it('shows a client Access Denied on the contractors’ projects page, and their own dashboard', async () => {
    const page = await openPage();
    await registerByApi(page, newAccount('client', 'Carla', 'Client'), { verify: false });

    await page.goto('/projects');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await seeText(page, 'This page is only accessible to contractors. You can only view individual projects you have been assigned to.');

    await page.goto('/');
    await page.getByRole('heading', { name: 'Your Projects' }).waitFor();
    await page.getByRole('banner').getByText('Construction Checklist').waitFor();
    await page.getByRole('banner').getByText('Welcome, Carla Client').waitFor();
  });

  it('shows a contractor Access Denied on the client dashboard', async () => {
    const page = await openPage();
    await registerByApi(page, newAccount('contractor'));
    await page.goto('/client-dashboard');
    await seeText(page, 'You do not have permission to access this page.');
  });

  it('shows 404 for an unknown path', async () => {
    const page = await openPage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  });

  it('shows 404 for an unknown path of two segments: the checklist route takes only /project/{id} and /client-project/{id}', async () => {
    const page = await openPage();
    await page.goto('/no-such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    // Signed out, the checklist's own addresses still lead to the login screen, as before.
    await page.goto('/client-project/some-id');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  });

  describe.each(viewports)('screens at $width×$height, $colorScheme', (viewport) => {
    const suffix = viewportName(viewport);

    it('lay out the signed-out screens without overflow', async () => {
      const page = await openPage(viewport);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `login-${suffix}`);

      await page.goto('/register');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await seeText(page, 'First name is required');
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `register-errors-${suffix}`);
    });

    it('lay out account settings and Access Denied without overflow', async () => {
      const page = await openPage(viewport);
      await registerByApi(page, newAccount('client', 'Bartholomew', 'Montgomery-Fairweather'), { verify: false });

      await page.goto('/account-settings');
      await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
      // The settings screen has its own theme, light by default.
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      if (viewport.colorScheme === 'dark') {
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      }
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `account-settings-${suffix}`);

      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('alertdialog').getByText('Are you sure you want to delete your account? This action cannot be undone.').waitFor();
      // Not full page: the dialog is fixed to the viewport.
      await screenshot(page, `delete-account-dialog-${suffix}`, { fullPage: false });
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/projects');
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      // Elsewhere the app theme (ui-theme, default system) follows the browser's colour scheme.
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(viewport.colorScheme === 'dark');
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `access-denied-${suffix}`);

      await page.goto('/');
      await page.getByRole('heading', { name: 'Your Projects' }).waitFor();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `client-home-${suffix}`);
    });
  });

  it('deletes an account after confirmation', async () => {
    const page = await openPage();
    const account = newAccount('contractor');
    await registerByApi(page, account);

    await page.goto('/account-settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Account' }).click();
    await seeToast(page, 'Account deleted');
    await atPath(page, '/login');

    await signIn(page, account.email, account.password);
    await seeToast(page, 'Invalid email or password.');
  });
});
