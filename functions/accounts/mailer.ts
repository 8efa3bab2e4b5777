import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from '../adapters/ses';
import { config } from '../config';

/**
 * E-mails the app sends, through SES (the SES emulator locally). Each mail is a few paragraphs
 * and one link, sent as text and as HTML with every value escaped.
 */

interface Mail {
  readonly to: string;
  readonly subject: string;
  /** Paragraphs before the link, the link, paragraphs after it. */
  readonly before: readonly string[];
  readonly link: string;
  readonly after: readonly string[];
}

async function sendMail(mail: Mail): Promise<void> {
  const text = [...mail.before, mail.link, ...mail.after].join('\n\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [...mail.before.map(paragraph), `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>`, ...mail.after.map(paragraph)].join('');
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config().mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: text }, Html: { Data: html } } } },
    }),
  );
}

export function sendPasswordResetMail(to: { email: string; firstName: string }, resetLink: string): Promise<void> {
  return sendMail({
    to: to.email,
    subject: 'Reset your Construction Checklist password',
    before: [`Hello ${to.firstName},`, 'Someone asked to reset the password of your Construction Checklist account. To choose a new password, open this link within one hour:'],
    link: resetLink,
    after: ['If it was not you, ignore this e-mail: your password stays as it is.'],
  });
}

export function sendVerificationMail(to: { email: string; firstName: string }, link: string): Promise<void> {
  return sendMail({
    to: to.email,
    subject: 'Confirm your email for Construction Checklist',
    before: [`Hello ${to.firstName},`, 'Please confirm that this is your email address by opening this link within 7 days:'],
    link,
    after: ['Once it is confirmed, the projects your contractor shares with this address appear on your dashboard. If you did not create an account, ignore this e-mail.'],
  });
}

export function sendSignInLinkMail(to: { email: string; firstName: string }, link: string): Promise<void> {
  return sendMail({
    to: to.email,
    subject: 'Your Construction Checklist sign-in link',
    before: [`Hello ${to.firstName},`, 'To sign in to Construction Checklist, open this link within 15 minutes. It works once:'],
    link,
    after: ['If you did not ask for it, ignore this e-mail: nobody signs in without opening the link.'],
  });
}

export function sendInvitationMail(
  to: { email: string; clientName: string },
  invitation: { inviter: string; company: string | null; projectName: string; address: string; link: string },
): Promise<void> {
  const from = invitation.company ? `${invitation.inviter} (${invitation.company})` : invitation.inviter;
  return sendMail({
    to: to.email,
    subject: `${invitation.inviter} invited you to follow ${invitation.projectName}`,
    before: [
      `Hello ${to.clientName},`,
      `${from} invited you to follow your project on Construction Checklist:`,
      `${invitation.projectName}\n${invitation.address}`,
      'Open this link within 7 days to see its checklist, progress and chat. Sign in, or create an account with this email address, and the project appears on your dashboard:',
    ],
    link: invitation.link,
    after: ['If you were not expecting this, ignore this e-mail.'],
  });
}

/** A colleague invited to a contractor company's team (issue 31). */
export function sendTeamInvitationMail(to: string, invitation: { inviter: string; company: string | null; link: string }): Promise<void> {
  const team = invitation.company ? `${invitation.company}'s team` : `${invitation.inviter}'s team`;
  return sendMail({
    to,
    subject: `${invitation.inviter} invited you to ${team} on Construction Checklist`,
    before: [
      'Hello,',
      `${invitation.inviter} invited you to join ${team} on Construction Checklist, to work on its projects.`,
      'Open this link within 7 days. It works once: sign in, or create a contractor account with this email address, and accept:',
    ],
    link: invitation.link,
    after: ['If you were not expecting this, ignore this e-mail.'],
  });
}

/**
 * The notice of a password or e-mail change, to the address the account had before it, with the
 * link that says it was not the owner (invariant 11: nobody changes an account's keys unheard).
 */
export function sendChangeNotice(to: { email: string; firstName: string }, change: { what: 'password' | 'email'; newEmail?: string }, notMeLink: string): Promise<void> {
  const what =
    change.what === 'password'
      ? 'The password of your Construction Checklist account was just changed.'
      : `The sign-in e-mail of your Construction Checklist account was just changed to ${change.newEmail}.`;
  return sendMail({
    to: to.email,
    subject: change.what === 'password' ? 'Your Construction Checklist password was changed' : 'Your Construction Checklist e-mail was changed',
    before: [`Hello ${to.firstName},`, what, 'If it was you, there is nothing to do. If it was not, open this link within 7 days: it signs the account out everywhere, removes its password and, for an e-mail change, gives the account back this address:'],
    link: notMeLink,
    after: ['Then sign in with a link mailed to you, or reset your password.'],
  });
}

/** Someone tried to register this address, which already has an account (its owner should know; no link to follow). */
export function sendRegistrationAttemptNotice(to: { email: string; firstName: string }, signInPage: string): Promise<void> {
  return sendMail({
    to: to.email,
    subject: 'Someone tried to create a Construction Checklist account with your address',
    before: [`Hello ${to.firstName},`, 'Someone tried to create an account with your e-mail address. Your account already has it, so nothing was created and nothing changed.', 'If it was you, sign in instead (or ask for a sign-in link or a password reset there):'],
    link: signInPage,
    after: ['If it was not you, you can ignore this e-mail.'],
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
