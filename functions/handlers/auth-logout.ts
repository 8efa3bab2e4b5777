import { endSession } from '../accounts/credentials';
import { clearedSessionCookie } from '../auth/session-token';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { httpRoutes } from '../routes';

/**
 * Ends the session (its record is deleted, so the token is dead), closes the WebSockets it opened
 * (a signed-out tab must stop hearing the project's notices), and clears the cookie.
 */
export const handler = httpHandler(httpRoutes.logout, {}, async ({ principal }) => {
  if (principal) await endSession(principal);
  return reply(200, { message: 'Signed out' }, { cookies: [clearedSessionCookie()] });
});
