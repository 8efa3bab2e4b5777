import { accountMessages, resetPasswordInput } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { hashPassword } from '../accounts/passwords';
import { recordAccountChange } from '../accounts/record';
import { findUsableToken, resetTokens, spendToken } from '../accounts/mailed-tokens';
import { displayName } from '../accounts/sign-in';
import { findUserById } from '../accounts/users';
import { revokeUserSessions } from '../auth/sessions';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';
import { stateKeys } from '../store/keys';

const invalidLink = () => new DomainError('invalid', accountMessages.invalidResetLink, { token: [accountMessages.invalidResetLink] });

/** Sets the new password, spends the token (once only, even if two requests race), signs out everywhere. */
export const handler = httpHandler(httpRoutes.resetPassword, { body: resetPasswordInput }, async ({ body, requestId }) => {
  const token = await findUsableToken<{ userId: string }>(resetTokens, body.token);
  const user = token && (await findUserById(token.record.userId));
  if (!token || !user) throw invalidLink();
  const TableName = config().stateTable;
  const now = new Date().toISOString();
  await recordAccountChange({
    userId: user.id,
    actor: { id: user.id, role: user.role, name: displayName(user) },
    requestId,
    event: { type: 'PasswordReset', data: { userId: user.id } },
    writes: [
      spendToken(token.key, now, invalidLink),
      {
        item: {
          Update: {
            TableName,
            Key: stateKeys.user(user.id),
            UpdateExpression: 'SET passwordHash = :hash, updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':hash': await hashPassword(body.password), ':now': now },
          },
        },
        onConditionFailed: invalidLink,
      },
    ],
  });
  await revokeUserSessions(user.id);
  return { message: 'Your password has been reset. You can now sign in.' };
});
