import { findUserSession } from '../accounts/user-sessions';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** The chat session of the signed-in user (spec: session and isFirstTime), kept per user, not per address. */
export const handler = httpHandler(httpRoutes.getUserSession, {}, async ({ principal }) => {
  const session = await findUserSession(principal.userId);
  return session ? { session, isFirstTime: false } : { session: null, isFirstTime: true };
});
