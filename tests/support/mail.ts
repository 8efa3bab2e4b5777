import { inject } from 'vitest';

/** Mail the app sent, read back from the SES emulator (never mocked). */

export interface CapturedMail {
  readonly subject: string;
  readonly text?: string;
  readonly html?: string;
}

/** The mail the SES emulator captured for this address, newest first. */
export async function mailTo(address: string): Promise<CapturedMail[]> {
  const response = await fetch(`${inject('localCloud').sesEndpoint}/store`);
  const { emails } = (await response.json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { text?: string; html?: string }; at: number }[];
  };
  return emails
    .filter((email) => email.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()))
    .sort((a, b) => b.at - a.at)
    .map((email) => ({ subject: email.subject, text: email.body.text, html: email.body.html }));
}

/** The token of the newest verification (or invitation) link mailed to this address. */
export async function verificationTokenMailedTo(address: string): Promise<string> {
  for (const mail of await mailTo(address)) {
    const token = /\/verify-email#token=([\w-]+)/.exec(mail.text ?? '')?.[1];
    if (token) return token;
  }
  throw new Error(`No verification link was mailed to ${address}`);
}

/** The token of a link the app mailed or answered: it rides in the fragment (`#token=…`), which no request carries. */
export const tokenOfLink = (link: string): string | undefined => new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? undefined;
