import { revokeSession } from '../auth/sessions';
import { clearedSessionCookie } from '../auth/session-token';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { httpRoutes } from '../routes';

/** Ends the session (its record is deleted, so the token is dead) and clears the cookie. */
export const handler = httpHandler(httpRoutes.logout, {}, async ({ principal }) => {
  if (principal) await revokeSession(principal.sessionId);
  return reply(200, { message: 'Signed out' }, { cookies: [clearedSessionCookie()] });
});
