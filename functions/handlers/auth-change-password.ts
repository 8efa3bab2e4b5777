import { accountMessages, changePasswordInput } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { recordAccountChange } from '../accounts/record';
import { displayName } from '../accounts/sign-in';
import { signedInUser } from '../accounts/users';
import { revokeUserSessions } from '../auth/sessions';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';
import { stateKeys } from '../store/keys';

/** Changes the password after checking the current one; every other session is signed out. */
export const handler = httpHandler(httpRoutes.changePassword, { body: changePasswordInput }, async ({ body, principal, requestId }) => {
  const user = await signedInUser(principal.userId);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw new DomainError('invalid', accountMessages.wrongCurrentPassword, { currentPassword: [accountMessages.wrongCurrentPassword] });
  }
  await recordAccountChange({
    userId: user.id,
    actor: { id: user.id, role: user.role, name: displayName(user) },
    requestId,
    event: { type: 'PasswordChanged', data: { userId: user.id, otherSessionsRevoked: true } },
    writes: [
      {
        item: {
          Update: {
            TableName: config().stateTable,
            Key: stateKeys.user(user.id),
            UpdateExpression: 'SET passwordHash = :hash, updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':hash': await hashPassword(body.newPassword), ':now': new Date().toISOString() },
          },
        },
      },
    ],
  });
  await revokeUserSessions(user.id, principal.sessionId);
  return { message: 'Password changed' };
});
