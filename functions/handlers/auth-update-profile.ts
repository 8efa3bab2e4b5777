import { profileInput } from '../../events/accounts/schemas';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { endOtherSessions } from '../accounts/credentials';
import { assertCurrentPassword } from '../accounts/current-password';
import { mailChangeNotice } from '../accounts/not-me';
import { accountActor, displayName } from '../accounts/sign-in';
import { renameSessions, sessionEpochWrite, userSessionIds } from '../auth/sessions';
import { accountPreload, epochOf, preloadedAccount, profileWrites, publicUser } from '../accounts/users';
import { assertVerificationMailAllowed, requestEmailVerification } from '../accounts/verification';
import { logger } from '../logger';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

const fields = ['firstName', 'lastName', 'email', 'companyName', 'phone'] as const;

/**
 * Updates names, e-mail (moving its uniqueness guard), company and phone; records what changed.
 * The user record and the account's stream head are read with the session; a new name is given
 * to the user's sessions, listed while the transaction runs and renamed once it has committed.
 *
 * A new e-mail (issue 27) asks for the current password (or a sign-in link just used), is metered
 * as mail to a typed address, ends every other session and link (this one keeps going), and the
 * old address gets a notice with a 'this was not me' link that gives the account back.
 */
export const handler = httpHandler(
  httpRoutes.updateProfile,
  { body: profileInput, preload: accountPreload },
  async ({ body, principal, requestId, preloaded }) => {
    const { user, head } = preloadedAccount(preloaded);
    const { currentPassword, ...profile } = body;
    const changes = Object.fromEntries(
      fields.filter((field) => (user[field] ?? null) !== profile[field]).map((field) => [field, { from: user[field] ?? null, to: profile[field] }]),
    );
    if (!Object.keys(changes).length) return publicUser(user);
    if (changes.email) {
      await assertCurrentPassword(user, currentPassword, principal);
      await assertVerificationMailAllowed(profile.email, user.id);
    }

    const now = new Date().toISOString();
    // A new e-mail is unproved until its own link is opened (projects already assigned stay).
    const epoch = epochOf(user);
    const updated = { ...user, ...profile, updatedAt: now, isEmailVerified: changes.email ? false : user.isEmailVerified, authEpoch: changes.email ? epoch + 1 : epoch };
    const renamed = changes.firstName || changes.lastName;
    const sessions = renamed ? userSessionIds(user.id) : undefined;
    // Awaited once the transaction has committed; if it fails, the listing is not needed.
    sessions?.catch(() => undefined);
    await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'ProfileUpdated', data: { userId: user.id, changes } } }], {
      by: accountActor(updated, requestId),
      writes: [...profileWrites(user, profile, updated.isEmailVerified, now), ...(changes.email ? [sessionEpochWrite(principal.sessionId, epoch + 1)] : [])],
      head,
    });
    if (sessions) await renameSessions(await sessions, displayName(updated));
    if (changes.email) {
      await endOtherSessions(user.id, principal.sessionId);
      const mailed = await Promise.allSettled([requestEmailVerification(updated, requestId), mailChangeNotice(user, { what: 'email', newEmail: updated.email })]);
      for (const result of mailed) if (result.status === 'rejected') logger.error('mail after e-mail change failed', { requestId, userId: user.id, error: result.reason });
    }
    return publicUser(updated);
  },
);
