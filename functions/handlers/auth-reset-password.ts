import { accountMessages, resetPasswordInput } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { hashPassword } from '../accounts/passwords';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { endOtherSessions } from '../accounts/credentials';
import { findUsableToken, issuedUnder, resetTokens, spendToken } from '../accounts/mailed-tokens';
import { accountActor } from '../accounts/sign-in';
import { epochOf, findUserById, passwordWrite } from '../accounts/users';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

const invalidLink = () => new DomainError('invalid', accountMessages.invalidResetLink, { token: [accountMessages.invalidResetLink] });

/**
 * Sets the new password and spends the token (once only, even if two requests race); the link
 * works only under the credentials it was mailed under (a password or e-mail change since kills
 * it). Every session ends, and every open WebSocket of the account closes.
 */
export const handler = httpHandler(httpRoutes.resetPassword, { body: resetPasswordInput }, async ({ body, requestId }) => {
  const token = await findUsableToken<{ userId: string; epoch?: number }>(resetTokens, body.token);
  const user = token && (await findUserById(token.record.userId));
  if (!token || !user || !issuedUnder(token.record, epochOf(user))) throw invalidLink();
  const now = new Date().toISOString();
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'PasswordReset', data: { userId: user.id } } }], {
    by: accountActor(user, requestId),
    writes: [spendToken(token.key, now, invalidLink), passwordWrite(user.id, await hashPassword(body.password), now, epochOf(user), invalidLink)],
  });
  await endOtherSessions(user.id);
  return { message: 'Your password has been reset. You can now sign in.' };
});
