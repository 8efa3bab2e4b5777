import { createSession, revokeSession } from '../../functions/auth/sessions';
import { SESSION_COOKIE, type Principal } from '../../functions/auth/session-token';
import { randomUUID } from 'node:crypto';

/** A real session (record + signed cookie) for a user id that need not exist, as sign-in issues it. */
export async function signIn(role: Principal['role'] = 'contractor') {
  const { token, principal } = await createSession({ userId: randomUUID(), role });
  return { principal, cookie: `${SESSION_COOKIE}=${token}`, signOut: () => revokeSession(principal.sessionId) };
}
