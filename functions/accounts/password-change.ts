import { accountDecider } from '../../events/accounts/account';
import { sessionEpochWrite, type SignedIn } from '../auth/sessions';
import { epochOf, passwordWrite, type UserRecord } from '../auth/users';
import { accountOf, runCommands } from '../commands/run-commands';
import { logger } from '../logger';
import type { StreamHead } from '../store/event-store';
import { endOtherSessions } from './credentials';
import { assertCurrentPassword } from './current-password';
import { mailChangeNotice } from './not-me';
import { hashPassword } from './passwords';
import { accountActor } from './sign-in';

/**
 * Changes (or, after a sign-in link, sets) the password once the current one is checked. This
 * session stays signed in; every other session and link ends with the change (its epoch), their
 * WebSockets close, and the account's address gets a notice with a 'this was not me' link.
 */
export async function changePassword(
  { user, head }: { readonly user: UserRecord; readonly head: StreamHead },
  passwords: { readonly currentPassword?: string; readonly newPassword: string },
  principal: SignedIn,
  requestId: string,
): Promise<void> {
  await assertCurrentPassword(user, passwords.currentPassword, principal);
  const epoch = epochOf(user);
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'PasswordChanged', data: { userId: user.id, otherSessionsRevoked: true } } }], {
    by: accountActor(user, requestId),
    writes: [passwordWrite(user.id, await hashPassword(passwords.newPassword), new Date().toISOString(), epoch), sessionEpochWrite(principal.sessionId, epoch + 1)],
    head,
  });
  await endOtherSessions(user.id, principal.sessionId);
  await mailChangeNotice(user, { what: 'password' }).catch((error: Error) => logger.error('change notice mail failed', { requestId, userId: user.id, error }));
}
