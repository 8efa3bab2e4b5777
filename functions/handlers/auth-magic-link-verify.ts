import { magicLinkVerifyInput } from '../../events/accounts/schemas';
import { endSession } from '../accounts/credentials';
import { redeemSignInLink } from '../accounts/sign-in-links';
import { signedInReply } from '../accounts/sign-in';
import { httpHandler } from '../http/handler';
import { assignWaitingProjects } from '../projects/client-match';
import { httpRoutes } from '../routes';

/**
 * Signs in with the token of a mailed sign-in link (once), with the session cookie password
 * sign-in sets. The link proved the e-mail, so a client then gets every project waiting for it,
 * as after a verification link; on the address's first proof, whoever created the account before
 * its owner arrived has lost its sessions and password (redeemSignInLink). A session this browser
 * held before (the page asked before switching) ends here, with its WebSockets: its cookie is
 * replaced, and nothing should go on listening for it.
 */
export const handler = httpHandler(httpRoutes.magicLinkVerify, { body: magicLinkVerifyInput }, async ({ body, event, requestId, principal }) => {
  const user = await redeemSignInLink(body.token, requestId);
  if (user.role === 'client') await assignWaitingProjects(user);
  const now = new Date().toISOString();
  const replaced = principal && principal.userId !== user.id ? principal : undefined;
  if (replaced) await endSession(replaced);
  return signedInReply(200, { ...user, lastLoginAt: now }, event, {}, { provedByLink: true, loggedInAt: now });
});
