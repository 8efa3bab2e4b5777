import { preloadedAccount, accountPreload } from '../auth/users';
import { clearedSessionCookie } from '../auth/session-token';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { deleteAccount } from '../people/delete-account';
import { httpRoutes } from '../routes';

/** Delete Account (spec section 3): the account, a contractor's projects, and the person's data in the record (see deleteAccount). */
export const handler = httpHandler(httpRoutes.deleteAccount, { preload: accountPreload }, async ({ requestId, preloaded }) => {
  const { user, head } = preloadedAccount(preloaded);
  await deleteAccount(user, requestId, head);
  return reply(200, { message: 'Account deleted' }, { cookies: [clearedSessionCookie()] });
});
