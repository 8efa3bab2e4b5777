import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ApiClient } from './api-client';
import { verificationTokenMailedTo } from './mail';

/** People for tests: a signed-in API client per account, registered through the API. */

export const PASSWORD = 'correct horse 1';
export const uniqueEmail = (name = 'casey') => `${name}.${randomUUID().slice(0, 8)}@example.com`;

/**
 * A new account. A client also proves their e-mail with the mailed link (unless `verified: false`),
 * as a real client must before any project is theirs. `baseUrl`: at another gateway than the suite's
 * (tests/support/private-cloud.ts).
 */
export async function signedUp(role: 'contractor' | 'client', overrides: Record<string, unknown> = {}, options: { verified?: boolean; baseUrl?: string } = {}) {
  const client = new ApiClient(randomUUID(), { baseUrl: options.baseUrl });
  const form = {
    firstName: role === 'contractor' ? 'Casey' : 'Chris',
    lastName: role === 'contractor' ? 'Builder' : 'Owner',
    email: uniqueEmail(role),
    role,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
  const answer = await client.post('/api/auth/register', form);
  expect(answer.status).toBe(201);
  const user = answer.body as { id: string; email: string; firstName: string; lastName: string };
  if (role === 'client' && options.verified !== false) await verifiedByMail(client, user.email);
  return { api: client, user };
}

/** Opens the newest verification link mailed to `email` as the signed-in `api` person. */
export async function verifiedByMail(api: ApiClient, email: string): Promise<void> {
  const answer = await api.post('/api/auth/verify-email', { token: await verificationTokenMailedTo(email) });
  expect(answer.status).toBe(200);
}
