import { changePasswordInput } from '../../events/accounts/schemas';
import { changePassword } from '../accounts/password-change';
import { accountPreload, preloadedAccount } from '../auth/users';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** Changes (or, after a sign-in link, sets) the password (see changePassword); this session stays signed in, every other ends. */
export const handler = httpHandler(httpRoutes.changePassword, { body: changePasswordInput, preload: accountPreload }, async ({ body, principal, requestId, preloaded }) => {
  await changePassword(preloadedAccount(preloaded), body, principal, requestId);
  return { message: 'Password changed' };
});
