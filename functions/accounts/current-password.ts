import { accountMessages } from '../../events/accounts/messages';
import { DomainError } from '../../events/errors';
import { provedByLinkJustNow, type SignedIn } from '../auth/sessions';
import { verifyPassword } from './passwords';
import type { UserRecord } from '../auth/users';

/**
 * Issue 27: changing the password or the sign-in e-mail asks for the current password, or a
 * sign-in link just used (a session a mailed link opened within LINK_PROOF_SECONDS): a session
 * left open on someone else's screen is not enough to take the account.
 */
export async function assertCurrentPassword(user: UserRecord, given: string | undefined, session: SignedIn): Promise<void> {
  if (given === undefined) {
    if (provedByLinkJustNow(session)) return;
    // No password to give: only a fresh sign-in link lets this account set one.
    const message = user.passwordHash === null ? accountMessages.signInByLinkFirst : accountMessages.currentPasswordRequired;
    throw new DomainError('invalid', message, { currentPassword: [message] });
  }
  if (!(await verifyPassword(given, user.passwordHash))) {
    throw new DomainError('invalid', accountMessages.wrongCurrentPassword, { currentPassword: [accountMessages.wrongCurrentPassword] });
  }
}
