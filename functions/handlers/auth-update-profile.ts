import { profileInput } from '../../events/accounts/schemas';
import { updateProfile } from '../accounts/profile';
import { accountPreload, preloadedAccount } from '../auth/users';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/**
 * Updates the signed-in account's profile (see updateProfile: a new e-mail asks for the current
 * password and ends the other sessions). The user record and the account's stream head are read
 * with the session.
 */
export const handler = httpHandler(httpRoutes.updateProfile, { body: profileInput, preload: accountPreload }, async ({ body, principal, requestId, preloaded }) =>
  updateProfile(preloadedAccount(preloaded), body, principal, requestId),
);
