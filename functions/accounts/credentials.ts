import type { AccountEvent } from '../../events/accounts/events';
import { closeUserConnections } from '../live/connections';
import { revokeSession, revokeUserSessions, type SignedIn } from '../auth/sessions';
import type { ViewWrite } from '../store/event-store';
import { emailVerifiedWrite, epochOf, firstProofDrops, type UserRecord } from '../auth/users';

/**
 * Architecture invariant 11, in one place: a credential is worth only the state it was issued
 * for. Every change that moves an account's epoch (users.ts: a password set, an e-mail changed,
 * the address proved for the first time, 'this was not me') ends, at once, every session and
 * link issued before it; what is left is housekeeping, done here once the change committed.
 */

/**
 * Deletes the records of the account's sessions but `keep`, and closes their WebSockets: a tab
 * whose session ended must not go on hearing the project's notices.
 */
export async function endOtherSessions(userId: string, keep?: string): Promise<void> {
  await Promise.all([revokeUserSessions(userId, keep), closeUserConnections(userId, keep === undefined ? {} : { except: keep })]);
}

/** Ends one session (signing out, or a browser switching accounts) and closes the WebSockets it opened. */
export async function endSession(session: Pick<SignedIn, 'userId' | 'sessionId'>): Promise<void> {
  await Promise.all([revokeSession(session.sessionId), closeUserConnections(session.userId, { of: session.sessionId })]);
}

/**
 * What proving `email` records and writes: EmailVerified, and on the address's first proof on
 * the account SessionsEnded (every session ended, a password set before the proof dropped), with
 * the account's write (emailVerifiedWrite); the account as it then is, for the session the proof
 * opens, and whether the proof ended the account's sessions (then endOtherSessions once committed).
 */
export function proofOfAddress(
  user: UserRecord,
  email: string,
  projectId: string | null,
  now: string,
  onConditionFailed: () => Error,
): { events: AccountEvent[]; write: ViewWrite; after: UserRecord; sessionsEnded: boolean } {
  const drops = firstProofDrops(user);
  const events: AccountEvent[] = [{ type: 'EmailVerified', data: { userId: user.id, email, projectId } }];
  if (drops.sessionsEnded) events.push({ type: 'SessionsEnded', data: { userId: user.id, reason: 'address_proved', passwordCleared: drops.passwordCleared, emailRestored: null } });
  const after: UserRecord = {
    ...user,
    isEmailVerified: true,
    updatedAt: now,
    authEpoch: drops.sessionsEnded ? epochOf(user) + 1 : epochOf(user),
    ...(drops.passwordCleared ? { passwordHash: null } : {}),
  };
  return { events, write: emailVerifiedWrite(user, now, onConditionFailed), after, sessionsEnded: drops.sessionsEnded };
}
