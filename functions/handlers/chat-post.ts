import { postMessageInput } from '../../events/chat/inputs';
import { displayName } from '../accounts/sign-in';
import { signedInUser } from '../auth/users';
import { chatPostPreload } from '../chat/chat-store';
import { postMessage } from '../chat/post-message';
import { httpHandler } from '../http/handler';
import { refuseIfArchived } from '../projects/archived-project';
import { visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * Posts a message as the signed-in user (see postMessage). Two steps: the session with the
 * project's summary, the chat's head and the room, then the transaction.
 */
export const handler = httpHandler(
  httpRoutes.postChat,
  { body: postMessageInput, preload: (_params, body) => chatPostPreload(body.projectId, body.roomId), created: true },
  async ({ body, principal, caller, preloaded }) => {
    const [summary, head, room] = preloaded;
    const project = visibleSummary(principal, summary);
    refuseIfArchived(project);
    // The session carries the sender's name (an older session reads it from the account).
    const name = principal.displayName ?? displayName(await signedInUser(principal.userId));
    return postMessage(caller, name, project, body, { head, room });
  },
);
