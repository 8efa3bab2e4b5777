import { changePasswordInput } from '../../events/accounts/schemas';
import { hashPassword } from '../accounts/passwords';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { endOtherSessions } from '../accounts/credentials';
import { assertCurrentPassword } from '../accounts/current-password';
import { mailChangeNotice } from '../accounts/not-me';
import { accountActor } from '../accounts/sign-in';
import { accountPreload, epochOf, passwordWrite, preloadedAccount } from '../accounts/users';
import { sessionEpochWrite } from '../auth/sessions';
import { httpHandler } from '../http/handler';
import { logger } from '../logger';
import { httpRoutes } from '../routes';

/**
 * Changes (or, after a sign-in link, sets) the password once the current one is checked. This
 * session stays signed in; every other session and link ends with the change (its epoch), their
 * WebSockets close, and the account's address gets a notice with a 'this was not me' link.
 */
export const handler = httpHandler(httpRoutes.changePassword, { body: changePasswordInput, preload: accountPreload }, async ({ body, principal, requestId, preloaded }) => {
  const { user, head } = preloadedAccount(preloaded);
  await assertCurrentPassword(user, body.currentPassword, principal);
  const epoch = epochOf(user);
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'PasswordChanged', data: { userId: user.id, otherSessionsRevoked: true } } }], {
    by: accountActor(user, requestId),
    writes: [passwordWrite(user.id, await hashPassword(body.newPassword), new Date().toISOString(), epoch), sessionEpochWrite(principal.sessionId, epoch + 1)],
    head,
  });
  await endOtherSessions(user.id, principal.sessionId);
  await mailChangeNotice(user, { what: 'password' }).catch((error: Error) => logger.error('change notice mail failed', { requestId, userId: user.id, error }));
  return { message: 'Password changed' };
});
