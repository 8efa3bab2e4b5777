import { accountMessages } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { config } from '../config';
import { sendVerificationMail } from './mailer';
import { findUsableToken, newVerificationToken, spendToken, verificationTokens, type VerificationFields } from './mailed-tokens';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { accountActor } from './sign-in';
import { emailVerifiedWrite, type UserRecord } from './users';
import type { StreamHead } from '../store/event-store';

/**
 * Proof that an account reads its e-mail: a single-use link mailed to the address, opened by the
 * signed-in account whose e-mail it was sent to. Until then a client sees no project (issue 11,
 * architecture invariant 8): knowing an address is no key.
 */

/** The page the links open; the address rides along so a signed-out visitor sees it filled in. */
export const verificationLink = (token: string, email: string) =>
  `${config().appUrl}/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

/** Mails the account a new link and records that it did; answers the link (shown only on the local cloud). */
export async function requestEmailVerification(user: UserRecord, requestId: string): Promise<string> {
  const { token, expiresAt, write } = newVerificationToken({ email: user.email, userId: user.id, projectId: null });
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
 * event. The token must have been sent to this account's current e-mail: the same condition is
 * checked inside the transaction, so an e-mail change racing the click cannot slip through.
 * Answers the invitation's project, if the link came with one. `head`: the account's stream
 * head, when the request read it with the session.
 */
export async function verifyEmail(user: UserRecord, token: string, requestId: string, head?: StreamHead): Promise<{ projectId: string | null }> {
  const found = await findUsableToken<VerificationFields>(verificationTokens, token);
  if (!found) throw invalidLink();
  const email = user.email.toLowerCase();
  if (found.record.email !== email) {
    throw new DomainError('invalid', accountMessages.verificationForAnotherEmail, { token: [accountMessages.verificationForAnotherEmail] });
  }
  const now = new Date().toISOString();
  const projectId = found.record.projectId ?? null;
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'EmailVerified', data: { userId: user.id, email, projectId } } }], {
    by: accountActor(user, requestId),
    writes: [
      spendToken(found.key, now, invalidLink),
      emailVerifiedWrite(user, now, invalidLink),
    ],
    head,
  });
  return { projectId };
}
