import { verifyEmailInput } from '../../events/accounts/schemas';
import { verifyEmail } from '../accounts/verification';
import { accountPreload, preloadedAccount, publicUser } from '../accounts/users';
import { httpHandler } from '../http/handler';
import { acceptInvitation, assignWaitingProjects } from '../projects/client-match';
import { httpRoutes } from '../routes';

/** Proves the signed-in account's e-mail with a mailed token; a client then gets every project waiting for that e-mail. */
export const handler = httpHandler(httpRoutes.verifyEmail, { body: verifyEmailInput, preload: accountPreload }, async ({ body, requestId, preloaded }) => {
  const { user, head } = preloadedAccount(preloaded);
  const { projectId } = await verifyEmail(user, body.token, requestId, head);
  if (user.role === 'client') {
    await assignWaitingProjects(user);
    if (projectId) await acceptInvitation(projectId, user.id);
  }
  return { success: true, user: publicUser({ ...user, isEmailVerified: true }) };
});
