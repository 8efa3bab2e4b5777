import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { uniqueEmail, verifyEmailByMail } from './browser';

/** People for the browser tests, registered through the API with a page's cookie jar, so that the page is signed in. */

/** An account as Create Account takes it. */
export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  role: 'contractor' | 'client';
  password: string;
}

/** Casey Builder the contractor or Chris Owner the client, at an e-mail no other test uses; `overrides` changes any of it. */
export const newAccount = (role: Account['role'], overrides: Partial<Account> = {}): Account => ({
  firstName: role === 'contractor' ? 'Casey' : 'Chris',
  lastName: role === 'contractor' ? 'Builder' : 'Owner',
  email: uniqueEmail(role),
  role,
  password: 'first-password-1',
  ...overrides,
});

/**
 * Registers `account` through the API with the page's cookie jar, so the page is signed in. A
 * client also opens the verification link mailed to them (`verify: false` to leave it); with
 * `joinChat` the account has joined the project chat too, so Join Project Chat does not open over
 * the checklist on a first visit (chat.e2e.spec.ts covers that dialog).
 */
export async function registerByApi(page: Page, account: Account, { verify = true, joinChat = false } = {}): Promise<void> {
  const response = await page.request.post('/api/auth/register', { data: { ...account, confirmPassword: account.password } });
  expect(response.status()).toBe(201);
  if (account.role === 'client' && verify) await verifyEmailByMail(page, account.email);
  if (!joinChat) return;
  const joined = await page.request.put('/api/user-session', { data: { userType: account.role, userName: `${account.firstName} ${account.lastName}`, chatOpenedOnce: true } });
  expect(joined.status()).toBe(200);
}
