import { userSessionInput } from '../../events/chat/inputs';
import { forbidden } from '../../events/errors';
import { saveUserSession } from '../accounts/user-sessions';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** Saves the Join Project Chat choice (role and name) and whether chat was opened once. */
export const handler = httpHandler(httpRoutes.putUserSession, { body: userSessionInput }, async ({ body, principal }) => {
  if (body.userType !== principal.role) throw forbidden(`userType: you are signed in as a ${principal.role}.`);
  await saveUserSession(principal.userId, body);
  return { session: body, isFirstTime: false };
});
