import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { priceChangeText, scheduleChangeText } from '../../events/change-orders/format';
import { ses } from '../adapters/ses';
import { config } from '../config';

/**
 * The mail that sends a change order to the project's client (issue 30): what it is, its price
 * and schedule change, and the link to the page where they read, sign or decline it. Text and
 * escaped HTML. Title and project name are single lines (their inputs refuse line breaks).
 */

export interface ChangeOrderMail {
  readonly to: { email: string; firstName: string };
  readonly from: string;
  readonly projectName: string;
  readonly title: string;
  readonly priceChangeCents: number;
  readonly scheduleDays: number;
  readonly link: string;
}

export const changeOrderLink = (changeOrderId: string) => `${config().appUrl}/change-orders/${changeOrderId}`;

export function changeOrderMailContent(mail: ChangeOrderMail): { subject: string; text: string; html: string } {
  const subject = `Change order to sign for ${mail.projectName}: ${mail.title}`;
  const paragraphs = [
    `Hello ${mail.to.firstName},`,
    `${mail.from} sent you a change order for ${mail.projectName}:`,
    `“${mail.title}”\nPrice change: ${priceChangeText(mail.priceChangeCents)}\nSchedule change: ${scheduleChangeText(mail.scheduleDays)}`,
    'Open it to read the whole change order, then sign or decline it:',
  ];
  const after = ['Nothing changes until you sign it.'];
  const text = [...paragraphs, mail.link, ...after].join('\n\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line).replaceAll('\n', '<br>')}</p>`;
  const html = [...paragraphs.map(paragraph), `<p><a href="${escapeHtml(mail.link)}">Read and sign the change order</a></p>`, ...after.map(paragraph)].join('');
  return { subject, text, html };
}

export async function sendChangeOrderMail(mail: ChangeOrderMail): Promise<void> {
  const { subject, text, html } = changeOrderMailContent(mail);
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config().mailFrom,
      Destination: { ToAddresses: [mail.to.email] },
      Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text }, Html: { Data: html } } } },
    }),
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
