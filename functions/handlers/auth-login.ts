import { accountMessages, loginInput } from '../../events/accounts/schemas';
import { unauthenticated } from '../../events/errors';
import { verifyPassword } from '../accounts/passwords';
import { signedInReply } from '../accounts/sign-in';
import { claimLoginAttempt, releaseLoginAttempt } from '../accounts/throttle';
import { findUserByEmail } from '../auth/users';
import { clientAddress } from '../http/client-address';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/**
 * Signs in. Unknown e-mail and wrong password get the same answer, in the same time. The attempt
 * is claimed against the limits before the password is checked, and given back when it was right.
 */
export const handler = httpHandler(httpRoutes.login, { body: loginInput }, async ({ body, event }) => {
  const address = clientAddress(event);
  await claimLoginAttempt(body.email, address);
  const user = await findUserByEmail(body.email);
  const passwordOk = await verifyPassword(body.password, user?.passwordHash);
  if (!user || !passwordOk || !user.isActive) throw unauthenticated(accountMessages.invalidLogin);
  const now = new Date().toISOString();
  await releaseLoginAttempt(body.email, address);
  return signedInReply(200, { ...user, lastLoginAt: now }, event, {}, { loggedInAt: now });
});
