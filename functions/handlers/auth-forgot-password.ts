import { accountMessages, forgotPasswordInput } from '../../events/accounts/schemas';
import { sendPasswordResetMail } from '../accounts/mailer';
import { recordAccountChange } from '../accounts/record';
import { newResetToken } from '../accounts/mailed-tokens';
import { displayName } from '../accounts/sign-in';
import { RESET_MAILS_PER_HOUR, takeHourlyAllowance } from '../accounts/throttle';
import { findUserByEmail } from '../accounts/users';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/**
 * Sends a reset link if the account exists, and answers the same either way, so the answer does
 * not tell who has an account. On the local cloud the answer also carries the link (spec: a
 * development toast shows it).
 */
export const handler = httpHandler(httpRoutes.forgotPassword, { body: forgotPasswordInput }, async ({ body, requestId }) => {
  const user = await findUserByEmail(body.email);
  // Unknown e-mail, or too many mails already this hour: the same answer, and no mail.
  if (!user || !(await takeHourlyAllowance(`reset-email:${user.email}`, RESET_MAILS_PER_HOUR))) return { message: accountMessages.resetLinkSent };
  const { token, expiresAt, write } = newResetToken(user.id);
  await recordAccountChange({
    userId: user.id,
    actor: { id: user.id, role: user.role, name: displayName(user) },
    requestId,
    event: { type: 'PasswordResetRequested', data: { userId: user.id, expiresAt: expiresAt.toISOString() } },
    writes: [write],
  });
  const resetLink = `${config().appUrl}/reset-password?token=${token}`;
  await sendPasswordResetMail(user, resetLink);
  return config().mode === 'local' ? { message: accountMessages.resetLinkSent, resetLink } : { message: accountMessages.resetLinkSent };
});
