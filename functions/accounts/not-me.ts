import { accountMessages } from '../../events/accounts/messages';
import { DomainError } from '../../events/errors';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { config } from '../config';
import { endOtherSessions } from './credentials';
import { findUsableToken, notMeTokens, spendToken, storeMailedToken } from './mailed-tokens';
import { sendChangeNotice } from './mailer';
import { accountActor } from './sign-in';
import { findUserByEmail, findUserById, notMeWrites, type UserRecord } from '../auth/users';

/**
 * The notice of a password or e-mail change and its 'this was not me' link (issue 27). The link
 * is bound to the address the account had before the change, not to its credentials: it must
 * still work after the change it reports, and after any other the intruder makes.
 */

/** The page the link opens (web/routes/not-me.tsx); the token rides in the fragment, which no server logs. */
export const notMeLink = (token: string) => `${config().appUrl}/not-me#token=${encodeURIComponent(token)}`;

/** Mails the notice to the address the account had before the change (`before`). */
export async function mailChangeNotice(before: UserRecord, change: { what: 'password' | 'email'; newEmail?: string }): Promise<void> {
  const token = await storeMailedToken(notMeTokens, { userId: before.id, email: before.email.toLowerCase() });
  await sendChangeNotice(before, change, notMeLink(token));
}

const invalidLink = () => new DomainError('invalid', accountMessages.invalidNotMeLink, { token: [accountMessages.invalidNotMeLink] });

/**
 * 'This was not me': every session ends (and its WebSockets close), every link dies, the password
 * is dropped, and an e-mail changed away from the notified address comes back to it while no
 * other account took it. Once only.
 */
export async function redeemNotMe(token: string, requestId: string): Promise<void> {
  const found = await findUsableToken<{ userId: string; email: string }>(notMeTokens, token);
  const user = found && (await findUserById(found.record.userId));
  if (!found || !user) throw invalidLink();
  const moved = user.email.toLowerCase() !== found.record.email;
  const restore = moved && !(await findUserByEmail(found.record.email)) ? found.record.email : null;
  const now = new Date().toISOString();
  await runCommands(
    accountDecider,
    accountOf(user.id),
    [{ type: 'record', event: { type: 'SessionsEnded', data: { userId: user.id, reason: 'not_me', passwordCleared: user.passwordHash !== null, emailRestored: restore } } }],
    { by: accountActor(user, requestId), writes: [spendToken(found.key, now, invalidLink), ...notMeWrites(user, restore, now, invalidLink)] },
  );
  await endOtherSessions(user.id);
}
