import { randomUUID } from 'node:crypto';
import { createSession, revokeSession } from '../../functions/auth/sessions';
import { SESSION_COOKIE, type Principal } from '../../functions/auth/session-token';

/** A real session (record + signed cookie), as the accounts feature will issue on sign-in. */
export async function signIn(role: Principal['role'] = 'contractor') {
  const principal: Principal = {
    userId: randomUUID(),
    sessionId: randomUUID(),
    role,
    displayName: role === 'contractor' ? 'Casey Contractor' : 'Chris Client',
    email: `${role}-${randomUUID()}@example.com`,
  };
  const token = await createSession(principal, { sessionId: principal.sessionId, userId: principal.userId, expiresAt: new Date(Date.now() + 3_600_000) });
  return { principal, cookie: `${SESSION_COOKIE}=${token}`, signOut: () => revokeSession(principal.sessionId) };
}
