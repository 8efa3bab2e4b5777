import { setTimeout as sleep } from 'node:timers/promises';
import { magicLinkInput, signInLinkMessages } from '../../events/accounts/schemas';
import { assertSignInLinkAllowed, mailSignInLink } from '../accounts/sign-in-links';
import { clientAddress } from '../http/client-address';
import { httpHandler } from '../http/handler';
import { logger } from '../logger';
import { httpRoutes } from '../routes';

/**
 * How long every answer takes, at least, as forgot-password's (FORGOT_PASSWORD_ANSWER_MS):
 * storing the token and sending the mail take far less; an unknown address takes one read.
 */
export const SIGN_IN_LINK_ANSWER_MS = 1000;

/**
 * Mails a sign-in link if an account has the e-mail, and answers the same, in the same time,
 * either way, so neither tells who has an account. 429 past the hourly limits.
 */
export const handler = httpHandler(httpRoutes.magicLink, { body: magicLinkInput }, async ({ body, event, requestId }) => {
  await assertSignInLinkAllowed(body.email, clientAddress(event));
  const answerAt = Date.now() + SIGN_IN_LINK_ANSWER_MS;
  await mailSignInLink(body.email).catch((error: Error) => {
    // The same answer as for an unknown address: a failure must not tell either.
    logger.error('sign-in link mail failed', { requestId, error });
  });
  await sleep(Math.max(0, answerAt - Date.now()));
  return { message: signInLinkMessages.sent };
});
