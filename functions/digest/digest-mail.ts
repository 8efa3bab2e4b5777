import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { OpenDecision } from '../../events/projects/decisions';
import { ses } from '../adapters/ses';
import { config } from '../config';
import { awaitingCheckLine, type AwaitingCheck } from './punch-digest';

/** The daily decisions digest (issue 18): one mail per client and project, text and escaped HTML. */

export interface DigestMail {
  readonly to: { email: string; firstName: string };
  readonly projectName: string;
  readonly overdue: readonly OpenDecision[];
  readonly dueSoon: readonly OpenDecision[];
  /** Punch items fixed and awaiting the client's check (issue 30). */
  readonly awaitingCheck?: readonly AwaitingCheck[];
  readonly projectLink: string;
  readonly unsubscribeLink: string;
}

const line = (decision: OpenDecision) => `${decision.name} (${decision.roomName}): decide by ${decision.decideBy}`;

export function digestContent(mail: DigestMail): { subject: string; text: string; html: string } {
  const sections: [string, readonly OpenDecision[]][] = [
    ['Overdue', mail.overdue],
    ['Due in the next 7 days', mail.dueSoon],
  ];
  const listed = sections.filter(([, decisions]) => decisions.length);
  const count = mail.overdue.length + mail.dueSoon.length;
  const checks = mail.awaitingCheck ?? [];
  const toCheck = `${checks.length} ${checks.length === 1 ? 'punch item' : 'punch items'} to check`;
  const decisionsLine = `${count} ${count === 1 ? 'decision' : 'decisions'} to make`;
  const subject = `${mail.projectName}: ${[count ? decisionsLine : '', checks.length ? toCheck : ''].filter(Boolean).join(', ')}`;
  const intro = [`Hello ${mail.to.firstName},`, count ? `These selections for ${mail.projectName} are waiting for your decision:` : `These punch items for ${mail.projectName} are fixed and waiting for your check:`];
  const punchSection: [string, string[]][] = checks.length ? [['Punch items awaiting your check', checks.map(awaitingCheckLine)]] : [];
  const outro = ['To stop these daily e-mails for this project, open:'];
  const text = [
    ...intro,
    ...listed.map(([title, decisions]) => [`${title}:`, ...decisions.map((decision) => `- ${line(decision)}`)].join('\n')),
    ...punchSection.map(([title, lines]) => [`${title}:`, ...lines.map((entry) => `- ${entry}`)].join('\n')),
    `See them in the checklist: ${mail.projectLink}`,
    ...outro,
    mail.unsubscribeLink,
  ].join('\n\n');
  const html = [
    ...intro.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...listed.map(([title, decisions]) => `<p><strong>${escapeHtml(title)}</strong></p><ul>${decisions.map((decision) => `<li>${escapeHtml(line(decision))}</li>`).join('')}</ul>`),
    ...punchSection.map(([title, lines]) => `<p><strong>${escapeHtml(title)}</strong></p><ul>${lines.map((entry) => `<li>${escapeHtml(entry)}</li>`).join('')}</ul>`),
    `<p><a href="${escapeHtml(mail.projectLink)}">See them in the checklist</a></p>`,
    ...outro.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(mail.unsubscribeLink)}">${escapeHtml(mail.unsubscribeLink)}</a></p>`,
  ].join('');
  return { subject, text, html };
}

export async function sendDigestMail(mail: DigestMail): Promise<void> {
  const { subject, text, html } = digestContent(mail);
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config().mailFrom,
      Destination: { ToAddresses: [mail.to.email] },
      Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text }, Html: { Data: html } } } },
    }),
  );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
