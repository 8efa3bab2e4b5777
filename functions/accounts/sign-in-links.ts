import { accountDecider } from '../../events/accounts/account';
import { signInLinkMessages } from '../../events/accounts/messages';
import { DomainError } from '../../events/errors';
import { accountOf, runCommands } from '../commands/run-commands';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { endOtherSessions, proofOfAddress } from './credentials';
import { findUsableToken, issuedUnder, spendToken, storeMailedToken, type TokenKind } from './mailed-tokens';
import { sendSignInLinkMail } from './mailer';
import { accountActor } from './sign-in';
import { takeHourlyAllowance } from './throttle';
import { SIGN_IN_LINK_LIMITS } from '../limits';
import { epochOf, findUserByEmail, findUserById, type UserRecord } from '../auth/users';

/**
 * Sign-in by e-mail link (issue 18): a single-use link mailed to an account's address. Opening it
 * signs its holder in and, as only the address's reader has it, proves the address (issue 8), as
 * a verification link does.
 */

export const signInLinkTokens: TokenKind = { key: stateKeys.signInToken, lifetimeSeconds: 15 * 60 };

/** The page the link opens (web/routes/sign-in-link.tsx). */
export const signInLink = (token: string) => `${config().appUrl}/sign-in-link#token=${encodeURIComponent(token)}`;

export async function assertSignInLinkAllowed(email: string, address: string): Promise<void> {
  // One after the other: a caller over its own limit spends no one's e-mail allowance.
  const allowed =
    (await takeHourlyAllowance(`sign-in-link-address:${address}`, SIGN_IN_LINK_LIMITS.address)) &&
    (await takeHourlyAllowance(`sign-in-link-email:${email}`, SIGN_IN_LINK_LIMITS.email));
  if (!allowed) throw new DomainError('rate_limited', signInLinkMessages.tooMany);
}

/** Mails a sign-in link to the active account with this e-mail, if there is one. */
export async function mailSignInLink(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user?.isActive) return;
  const token = await storeMailedToken(signInLinkTokens, { userId: user.id, email: user.email.toLowerCase(), epoch: epochOf(user) });
  await sendSignInLinkMail(user, signInLink(token));
}

const invalidLink = () => new DomainError('invalid', signInLinkMessages.invalid, { token: [signInLinkMessages.invalid] });

/**
 * Spends the token and records that the account proved its e-mail (EmailVerified, the account
 * verified), in one transaction, so a link signs in once even if two requests race with it.
 * The account must still have the address the link was mailed to and the credentials it was
 * issued under: a link sent before an e-mail or password change proves nothing. The address's
 * first proof ends whatever its unproved creator held (proofOfAddress). Answers the account to
 * sign in, as it now is.
 */
export async function redeemSignInLink(token: string, requestId: string): Promise<UserRecord> {
  const found = await findUsableToken<{ userId: string; email: string; epoch?: number }>(signInLinkTokens, token);
  const user = found && (await findUserById(found.record.userId));
  if (!found || !user?.isActive || user.email.toLowerCase() !== found.record.email || !issuedUnder(found.record, epochOf(user))) throw invalidLink();
  const now = new Date().toISOString();
  const proof = proofOfAddress(user, found.record.email, null, now, invalidLink);
  await runCommands(accountDecider, accountOf(user.id), proof.events.map((event) => ({ type: 'record' as const, event })), {
    by: accountActor(user, requestId),
    writes: [spendToken(found.key, now, invalidLink), proof.write],
  });
  if (proof.sessionsEnded) await endOtherSessions(user.id);
  return proof.after;
}
