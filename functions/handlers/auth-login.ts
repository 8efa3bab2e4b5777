import { accountMessages, loginInput } from '../../events/accounts/schemas';
import { unauthenticated } from '../../events/errors';
import { verifyPassword } from '../accounts/passwords';
import { signedInReply } from '../accounts/sign-in';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from '../accounts/throttle';
import { findUserByEmail, recordLogin } from '../accounts/users';
import { clientAddress } from '../http/client-address';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** Signs in. Unknown e-mail and wrong password get the same answer, in the same time. */
export const handler = httpHandler(httpRoutes.login, { body: loginInput }, async ({ body, event }) => {
  const address = clientAddress(event);
  await assertLoginAllowed(body.email, address);
  const user = await findUserByEmail(body.email);
  const passwordOk = await verifyPassword(body.password, user?.passwordHash);
  if (!user || !passwordOk || !user.isActive) {
    await recordLoginFailure(body.email, address);
    throw unauthenticated(accountMessages.invalidLogin);
  }
  const now = new Date().toISOString();
  await Promise.all([clearLoginFailures(body.email), recordLogin(user.id, now)]);
  return signedInReply(200, { ...user, lastLoginAt: now }, event);
});
