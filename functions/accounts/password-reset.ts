import { accountDecider } from '../../events/accounts/account';
import { accountMessages } from '../../events/accounts/messages';
import { DomainError } from '../../events/errors';
import { epochOf, findUserByEmail, findUserById, passwordWrite } from '../auth/users';
import { accountOf, runCommands } from '../commands/run-commands';
import { config } from '../config';
import { RESET_MAILS_PER_HOUR } from '../limits';
import { endOtherSessions } from './credentials';
import { findUsableToken, issuedUnder, newResetToken, resetTokens, spendToken } from './mailed-tokens';
import { sendPasswordResetMail } from './mailer';
import { hashPassword } from './passwords';
import { accountActor } from './sign-in';
import { takeHourlyAllowance } from './throttle';

/** Mails a reset link to the account with this e-mail, if there is one and its hourly allowance is not spent; answers the link. */
export async function mailResetLink(email: string, requestId: string): Promise<string | undefined> {
  const user = await findUserByEmail(email);
  if (!user || !(await takeHourlyAllowance(`reset-email:${user.email}`, RESET_MAILS_PER_HOUR))) return undefined;
  const { token, expiresAt, write } = newResetToken(user.id, epochOf(user));
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'PasswordResetRequested', data: { userId: user.id, expiresAt: expiresAt.toISOString() } } }], {
    by: accountActor(user, requestId),
    writes: [write],
  });
  const resetLink = `${config().appUrl}/reset-password#token=${token}`;
  await sendPasswordResetMail(user, resetLink);
  return resetLink;
}

const invalidLink = () => new DomainError('invalid', accountMessages.invalidResetLink, { token: [accountMessages.invalidResetLink] });

/**
 * Sets the new password and spends the token (once only, even if two requests race); the link
 * works only under the credentials it was mailed under (a password or e-mail change since kills
 * it). Every session ends, and every open WebSocket of the account closes.
 */
export async function resetPassword(tokenText: string, password: string, requestId: string): Promise<void> {
  const token = await findUsableToken<{ userId: string; epoch?: number }>(resetTokens, tokenText);
  const user = token && (await findUserById(token.record.userId));
  if (!token || !user || !issuedUnder(token.record, epochOf(user))) throw invalidLink();
  const now = new Date().toISOString();
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'PasswordReset', data: { userId: user.id } } }], {
    by: accountActor(user, requestId),
    writes: [spendToken(token.key, now, invalidLink), passwordWrite(user.id, await hashPassword(password), now, epochOf(user), invalidLink)],
  });
  await endOtherSessions(user.id);
}
