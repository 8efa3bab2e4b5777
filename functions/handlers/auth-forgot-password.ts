import { setTimeout as sleep } from 'node:timers/promises';
import { accountMessages, forgotPasswordInput } from '../../events/accounts/schemas';
import { sendPasswordResetMail } from '../accounts/mailer';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { newResetToken } from '../accounts/mailed-tokens';
import { accountActor } from '../accounts/sign-in';
import { takeHourlyAllowance } from '../accounts/throttle';
import { RESET_MAILS_PER_HOUR } from '../limits';
import { epochOf, findUserByEmail } from '../accounts/users';
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
  const resetLink = await sendResetLink(body.email, requestId).catch((error: Error) => {
    // The same answer as for an unknown address: a failure must not tell either.
    logger.error('password reset mail failed', { requestId, error });
    return undefined;
  });
  await sleep(Math.max(0, answerAt - Date.now()));
  return config().mode === 'local' && resetLink ? { message: accountMessages.resetLinkSent, resetLink } : { message: accountMessages.resetLinkSent };
});

/** Mails a reset link to the account with this e-mail, if there is one and its hourly allowance is not spent. */
async function sendResetLink(email: string, requestId: string): Promise<string | undefined> {
  const user = await findUserByEmail(email);
  if (!user || !(await takeHourlyAllowance(`reset-email:${user.email}`, RESET_MAILS_PER_HOUR))) return undefined;
  const { token, expiresAt, write } = newResetToken(user.id, epochOf(user));
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'PasswordResetRequested', data: { userId: user.id, expiresAt: expiresAt.toISOString() } } }], {
    by: accountActor(user, requestId),
    writes: [write],
  });
  const resetLink = `${config().appUrl}/reset-password#token=${token}`;
  await sendPasswordResetMail(user, resetLink);
  return resetLink;
}
