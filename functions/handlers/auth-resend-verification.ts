import { accountMessages } from '../../events/accounts/messages';
import { assertVerificationMailAllowed, requestEmailVerification } from '../accounts/verification';
import { accountPreload, preloadedAccount } from '../auth/users';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** Mails the signed-in account a new verification link, a few times an hour at most (per account and per address). */
export const handler = httpHandler(httpRoutes.resendVerification, { preload: accountPreload }, async ({ requestId, preloaded }) => {
  const { user } = preloadedAccount(preloaded);
  if (user.isEmailVerified) return { message: accountMessages.alreadyVerified };
  await assertVerificationMailAllowed(user.email, user.id);
  const verificationLink = await requestEmailVerification(user, requestId);
  return config().mode === 'local' ? { message: accountMessages.verificationSent, verificationLink } : { message: accountMessages.verificationSent };
});
