import { preloadedAccount } from '../auth/users';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { idParam } from '../projects/params';
import { accessibleProject, projectPreload } from '../projects/project-access';
import { shareWithClient } from '../sharing/share-with-client';
import { stateKeys } from '../store/keys';
import { httpRoutes } from '../routes';

/** Share with Client (see shareWithClient): 400 without a client e-mail, 502 when the mail service refused the invitation. */
export const handler = httpHandler(
  httpRoutes.shareWithClient,
  // The project's summary and head, and the inviter's account, read with the session.
  { params: idParam, preload: (params, _body, { userId }) => [...projectPreload(params), stateKeys.user(userId)] },
  async ({ params, principal, requestId, preloaded }) => {
    const project = await accessibleProject(principal, params.id, preloaded.slice(0, 2));
    const shared = await shareWithClient({ principal, requestId }, project, () => preloadedAccount(preloaded.slice(2)).user);
    if ('noClientEmail' in shared) {
      const message = shared.noClientEmail;
      return reply(400, { success: false, error: message, message, fieldErrors: { clientEmail: [message] } });
    }
    if ('mailRefused' in shared) return reply(502, shared.mailRefused);
    return shared;
  },
);
