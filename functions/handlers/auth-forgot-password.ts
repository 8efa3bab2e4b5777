import { setTimeout as sleep } from 'node:timers/promises';
import { accountMessages, forgotPasswordInput } from '../../events/accounts/schemas';
import { mailResetLink } from '../accounts/password-reset';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { logger } from '../logger';
import { httpRoutes } from '../routes';

/**
 * How long every answer takes, at least. Sending the mail (a transaction and an SES call) takes
 * far less than this; an unknown address takes one read. Answering no sooner than this, either
 * way, keeps the answer's timing from telling who has an account.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 1000;

/**
 * Sends a reset link if the account exists, and answers the same, in the same time, either way,
 * so neither the answer nor its timing tells who has an account. On the local cloud the answer
 * also carries the link (spec: a development toast shows it).
 */
export const handler = httpHandler(httpRoutes.forgotPassword, { body: forgotPasswordInput }, async ({ body, requestId }) => {
  const answerAt = Date.now() + FORGOT_PASSWORD_ANSWER_MS;
  // The same answer as for an unknown address: a failure must not tell either.
  const resetLink = await mailResetLink(body.email, requestId).catch((error: Error) => void logger.error('password reset mail failed', { requestId, error }));
  await sleep(Math.max(0, answerAt - Date.now()));
  return config().mode === 'local' && resetLink ? { message: accountMessages.resetLinkSent, resetLink } : { message: accountMessages.resetLinkSent };
});
