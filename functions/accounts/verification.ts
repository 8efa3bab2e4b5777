import { accountMessages } from '../../events/accounts/messages';
import { DomainError } from '../../events/errors';
import { config } from '../config';
import { VERIFICATION_MAILS_PER_ADDRESS_PER_HOUR, VERIFICATION_MAILS_PER_HOUR } from '../limits';
import { takeHourlyAllowance } from './throttle';
import { sendVerificationMail } from './mailer';
import { endOtherSessions, proofOfAddress } from './credentials';
import { findUsableToken, issuedUnder, newVerificationToken, spendToken, verificationTokens, type VerificationFields } from './mailed-tokens';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { accountActor } from './sign-in';
import { epochOf, type UserRecord } from '../auth/users';
import type { StreamHead } from '../store/event-store';

/**
 * Proof that an account reads its e-mail: a single-use link mailed to the address, opened by the
 * signed-in account whose e-mail it was sent to. Until then a client sees no project (issue 11,
 * architecture invariant 8): knowing an address is no key.
 */

/** The page the links open; the address rides along so a signed-out visitor sees it filled in. */
export const verificationLink = (token: string, email: string) =>
  `${config().appUrl}/verify-email#token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

/**
 * Issue 27: verification mail goes to an address someone typed, so it is metered per address
 * (whoever asks) and, for an existing account, per account (Resend and e-mail changes); 429 beyond.
 */
export async function assertVerificationMailAllowed(email: string, userId?: string): Promise<void> {
  const allowed =
    (userId === undefined || (await takeHourlyAllowance(`verify-mail:${userId}`, VERIFICATION_MAILS_PER_HOUR))) &&
    (await takeHourlyAllowance(`verify-mail-to:${email}`, VERIFICATION_MAILS_PER_ADDRESS_PER_HOUR));
  if (!allowed) throw new DomainError('rate_limited', accountMessages.tooManyVerificationMails);
}

/** Mails the account a new link and records that it did; answers the link (shown only on the local cloud). */
export async function requestEmailVerification(user: UserRecord, requestId: string): Promise<string> {
  const { token, expiresAt, write } = newVerificationToken({ email: user.email, userId: user.id, projectId: null, epoch: epochOf(user) });
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'EmailVerificationRequested', data: { userId: user.id, email: user.email, expiresAt: expiresAt.toISOString() } } }], {
    by: accountActor(user, requestId),
    writes: [write],
  });
  const link = verificationLink(token, user.email);
  await sendVerificationMail(user, link);
  return link;
}

const invalidLink = () => new DomainError('invalid', accountMessages.invalidVerificationLink, { token: [accountMessages.invalidVerificationLink] });

/**
 * Spends the token and marks the account verified, in one transaction with the EmailVerified
 * event. The token must have been sent to this account's current e-mail (and, if it was mailed to
 * the account, under its current credentials): the same conditions are checked inside the
 * transaction, so an e-mail change racing the click cannot slip through. The address's first
 * proof ends whatever its unproved creator held (proofOfAddress). Answers the invitation's
 * project, if the link came with one, and the account as it now is. `head`: the account's stream
 * head, when the request read it with the session.
 */
export async function verifyEmail(user: UserRecord, token: string, requestId: string, head?: StreamHead): Promise<{ projectId: string | null; after: UserRecord; sessionsEnded: boolean }> {
  const found = await findUsableToken<VerificationFields>(verificationTokens, token);
  if (!found) throw invalidLink();
  // A link mailed to this account counts only under the credentials it was mailed under; one
  // mailed to another account is refused below as sent to another address.
  if (found.record.userId === user.id && !issuedUnder(found.record, epochOf(user))) throw invalidLink();
  const email = user.email.toLowerCase();
  if (found.record.email !== email) {
    throw new DomainError('invalid', accountMessages.verificationForAnotherEmail, { token: [accountMessages.verificationForAnotherEmail] });
  }
  const now = new Date().toISOString();
  const projectId = found.record.projectId ?? null;
  const proof = proofOfAddress(user, email, projectId, now, invalidLink);
  await runCommands(accountDecider, accountOf(user.id), proof.events.map((event) => ({ type: 'record' as const, event })), {
    by: accountActor(user, requestId),
    writes: [spendToken(found.key, now, invalidLink), proof.write],
    head,
  });
  if (proof.sessionsEnded) await endOtherSessions(user.id);
  return { projectId, after: proof.after, sessionsEnded: proof.sessionsEnded };
}
