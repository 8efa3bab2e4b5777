import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from '../adapters/aws-clients';
import { config } from '../config';

/** E-mails the app sends, through SES (the SES emulator locally). */

export async function sendPasswordResetMail(to: { email: string; firstName: string }, resetLink: string): Promise<void> {
  const text = [
    `Hello ${to.firstName},`,
    '',
    'Someone asked to reset the password of your Construction Checklist account.',
    `To choose a new password, open this link within one hour:`,
    '',
    resetLink,
    '',
    'If it was not you, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config().mailFrom,
      Destination: { ToAddresses: [to.email] },
      Content: {
        Simple: {
          Subject: { Data: 'Reset your Construction Checklist password' },
          Body: {
            Text: { Data: text },
            Html: { Data: `<p>Hello ${escapeHtml(to.firstName)},</p><p>Someone asked to reset the password of your Construction Checklist account. To choose a new password, open this link within one hour:</p><p><a href="${escapeHtml(resetLink)}">${escapeHtml(resetLink)}</a></p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>` },
          },
        },
      },
    }),
  );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
