import { profileInput } from '../../events/accounts/schemas';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { accountActor, displayName } from '../accounts/sign-in';
import { renameSessions, userSessionIds } from '../auth/sessions';
import { accountPreload, preloadedAccount, profileWrites, publicUser } from '../accounts/users';
import { requestEmailVerification } from '../accounts/verification';
import { logger } from '../logger';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

const fields = ['firstName', 'lastName', 'email', 'companyName', 'phone'] as const;

/**
 * Updates names, e-mail (moving its uniqueness guard), company and phone; records what changed.
 * The user record and the account's stream head are read with the session; a new name is given
 * to the user's sessions, listed while the transaction runs and renamed once it has committed.
 */
export const handler = httpHandler(
  httpRoutes.updateProfile,
  { body: profileInput, preload: accountPreload },
  async ({ body, requestId, preloaded }) => {
    const { user, head } = preloadedAccount(preloaded);
    const changes = Object.fromEntries(
      fields.filter((field) => (user[field] ?? null) !== body[field]).map((field) => [field, { from: user[field] ?? null, to: body[field] }]),
    );
    if (!Object.keys(changes).length) return publicUser(user);

    const now = new Date().toISOString();
    // A new e-mail is unproved until its own link is opened (projects already assigned stay).
    const updated = { ...user, ...body, updatedAt: now, isEmailVerified: changes.email ? false : user.isEmailVerified };
    const renamed = changes.firstName || changes.lastName;
    const sessions = renamed ? userSessionIds(user.id) : undefined;
    // Awaited once the transaction has committed; if it fails, the listing is not needed.
    sessions?.catch(() => undefined);
    await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'ProfileUpdated', data: { userId: user.id, changes } } }], {
      by: accountActor(updated, requestId),
      writes: profileWrites(user, body, updated.isEmailVerified, now),
      head,
    });
    if (sessions) await renameSessions(await sessions, displayName(updated));
    if (changes.email) {
      await requestEmailVerification(updated, requestId).catch((error: Error) => logger.error('verification mail failed', { requestId, userId: user.id, error }));
    }
    return publicUser(updated);
  },
);
