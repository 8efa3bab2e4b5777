import { accountMessages, resetPasswordInput } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { hashPassword } from '../accounts/passwords';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { findUsableToken, resetTokens, spendToken } from '../accounts/mailed-tokens';
import { accountActor } from '../accounts/sign-in';
import { findUserById, passwordWrite } from '../accounts/users';
import { revokeUserSessions } from '../auth/sessions';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

const invalidLink = () => new DomainError('invalid', accountMessages.invalidResetLink, { token: [accountMessages.invalidResetLink] });

/** Sets the new password, spends the token (once only, even if two requests race), signs out everywhere. */
export const handler = httpHandler(httpRoutes.resetPassword, { body: resetPasswordInput }, async ({ body, requestId }) => {
  const token = await findUsableToken<{ userId: string }>(resetTokens, body.token);
  const user = token && (await findUserById(token.record.userId));
  if (!token || !user) throw invalidLink();
  const now = new Date().toISOString();
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'PasswordReset', data: { userId: user.id } } }], {
    by: accountActor(user, requestId),
    writes: [spendToken(token.key, now, invalidLink), passwordWrite(user.id, await hashPassword(body.password), now, invalidLink)],
  });
  await revokeUserSessions(user.id);
  return { message: 'Your password has been reset. You can now sign in.' };
});
