import type * as z from 'zod/mini';
import type { User } from '../../contract/accounts';
import { accountDecider } from '../../events/accounts/account';
import type { profileInput } from '../../events/accounts/schemas';
import { renameSessions, sessionEpochWrite, userSessionIds, type SignedIn } from '../auth/sessions';
import { epochOf, profileWrites, publicUser, type UserRecord } from '../auth/users';
import { accountOf, runCommands } from '../commands/run-commands';
import { logger } from '../logger';
import type { StreamHead } from '../store/event-store';
import { endOtherSessions } from './credentials';
import { assertCurrentPassword } from './current-password';
import { mailChangeNotice } from './not-me';
import { accountActor, displayName } from './sign-in';
import { assertVerificationMailAllowed, requestEmailVerification } from './verification';

const fields = ['firstName', 'lastName', 'email', 'companyName', 'phone'] as const;

/**
 * Updates names, e-mail (moving its uniqueness guard), company and phone; records what changed.
 * `user` and `head` are the account as read with the session; a new name is given to the user's
 * sessions, listed while the transaction runs and renamed once it has committed.
 *
 * A new e-mail (issue 27) asks for the current password (or a sign-in link just used), is metered
 * as mail to a typed address, ends every other session and link (this one keeps going), and the
 * old address gets a notice with a 'this was not me' link that gives the account back.
 */
export async function updateProfile(
  { user, head }: { readonly user: UserRecord; readonly head: StreamHead },
  { currentPassword, ...profile }: z.output<typeof profileInput>,
  principal: SignedIn,
  requestId: string,
): Promise<User> {
  const changes = Object.fromEntries(
    fields.filter((field) => (user[field] ?? null) !== profile[field]).map((field) => [field, { from: user[field] ?? null, to: profile[field] }]),
  );
  if (!Object.keys(changes).length) return publicUser(user);
  if (changes.email) {
    await assertCurrentPassword(user, currentPassword, principal);
    await assertVerificationMailAllowed(profile.email, user.id);
  }

  const now = new Date().toISOString();
  // A new e-mail is unproved until its own link is opened (projects already assigned stay).
  const epoch = epochOf(user);
  const updated = { ...user, ...profile, updatedAt: now, isEmailVerified: changes.email ? false : user.isEmailVerified, authEpoch: changes.email ? epoch + 1 : epoch };
  const renamed = changes.firstName || changes.lastName;
  const sessions = renamed ? userSessionIds(user.id) : undefined;
  // Awaited once the transaction has committed; if it fails, the listing is not needed.
  sessions?.catch(() => undefined);
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'ProfileUpdated', data: { userId: user.id, changes } } }], {
    by: accountActor(updated, requestId),
    writes: [...profileWrites(user, profile, updated.isEmailVerified, now), ...(changes.email ? [sessionEpochWrite(principal.sessionId, epoch + 1)] : [])],
    head,
  });
  if (sessions) await renameSessions(await sessions, displayName(updated));
  if (changes.email) {
    await endOtherSessions(user.id, principal.sessionId);
    const mailed = await Promise.allSettled([requestEmailVerification(updated, requestId), mailChangeNotice(user, { what: 'email', newEmail: updated.email })]);
    for (const result of mailed) if (result.status === 'rejected') logger.error('mail after e-mail change failed', { requestId, userId: user.id, error: result.reason });
  }
  return publicUser(updated);
}
