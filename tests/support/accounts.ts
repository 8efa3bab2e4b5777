import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ApiClient } from './api-client';

/** People for tests: a signed-in API client per account, registered through the API. */

export const PASSWORD = 'correct horse 1';
export const uniqueEmail = (name = 'casey') => `${name}.${randomUUID().slice(0, 8)}@example.com`;

export async function signedUp(role: 'contractor' | 'client', overrides: Record<string, unknown> = {}) {
  const client = new ApiClient(randomUUID());
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
  return { api: client, user: answer.body as { id: string; email: string; firstName: string; lastName: string } };
}
