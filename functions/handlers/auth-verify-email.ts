import { verifyEmailInput } from '../../events/accounts/schemas';
import { sessionCookieFor } from '../accounts/sign-in';
import { reply } from '../http/responses';
import { verifyEmail } from '../accounts/verification';
import { accountPreload, preloadedAccount, publicUser } from '../auth/users';
import { httpHandler } from '../http/handler';
import { acceptInvitation, assignWaitingProjects } from '../projects/client-match';
import { httpRoutes } from '../routes';

/**
 * Proves the signed-in account's e-mail with a mailed token; a client then gets every project
 * waiting for that e-mail. The address's first proof ended every session (the one asking too):
 * the prover gets a new one, so no project goes to a session that existed before the proof, and
 * `passwordCleared` tells the page that a password set before the proof was dropped (set one).
 */
export const handler = httpHandler(httpRoutes.verifyEmail, { body: verifyEmailInput, preload: accountPreload }, async ({ body, requestId, preloaded, event }) => {
  const { user, head } = preloadedAccount(preloaded);
  const { projectId, after, sessionsEnded } = await verifyEmail(user, body.token, requestId, head);
  if (after.role === 'client') {
    await assignWaitingProjects(after);
    if (projectId) await acceptInvitation(projectId, after.id);
  }
  const answer = { success: true as const, user: publicUser(after), passwordCleared: user.passwordHash !== null && after.passwordHash === null };
  if (!sessionsEnded) return answer;
  return reply(200, answer, { cookies: [await sessionCookieFor(after, event, { provedByLink: true })] });
});
