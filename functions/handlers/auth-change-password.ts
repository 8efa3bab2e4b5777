import { accountMessages, changePasswordInput } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { accountActor } from '../accounts/sign-in';
import { accountPreload, passwordWrite, preloadedAccount } from '../accounts/users';
import { revokeUserSessions } from '../auth/sessions';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** Changes the password after checking the current one; every other session is signed out. */
export const handler = httpHandler(httpRoutes.changePassword, { body: changePasswordInput, preload: accountPreload }, async ({ body, principal, requestId, preloaded }) => {
  const { user, head } = preloadedAccount(preloaded);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw new DomainError('invalid', accountMessages.wrongCurrentPassword, { currentPassword: [accountMessages.wrongCurrentPassword] });
  }
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'PasswordChanged', data: { userId: user.id, otherSessionsRevoked: true } } }], {
    by: accountActor(user, requestId),
    writes: [passwordWrite(user.id, await hashPassword(body.newPassword), new Date().toISOString())],
    head,
  });
  await revokeUserSessions(user.id, principal.sessionId);
  return { message: 'Password changed' };
});
