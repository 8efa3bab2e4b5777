import { accountMessages } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { takeHourlyAllowance } from '../accounts/throttle';
import { VERIFICATION_MAILS_PER_HOUR } from '../limits';
import { requestEmailVerification } from '../accounts/verification';
import { accountPreload, preloadedAccount } from '../accounts/users';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** Mails the signed-in account a new verification link, a few times an hour at most. */
export const handler = httpHandler(httpRoutes.resendVerification, { preload: accountPreload }, async ({ requestId, preloaded }) => {
  const { user } = preloadedAccount(preloaded);
  if (user.isEmailVerified) return { message: accountMessages.alreadyVerified };
  if (!(await takeHourlyAllowance(`verify-mail:${user.id}`, VERIFICATION_MAILS_PER_HOUR))) {
    throw new DomainError('rate_limited', accountMessages.tooManyVerificationMails);
  }
  const verificationLink = await requestEmailVerification(user, requestId);
  return config().mode === 'local' ? { message: accountMessages.verificationSent, verificationLink } : { message: accountMessages.verificationSent };
});
