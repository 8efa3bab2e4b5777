import { postMessageInput } from '../../events/chat/inputs';
import { getMessage, messageDto, newMessageId, runChatCommand } from '../chat/chat-store';
import { signedInUser } from '../accounts/users';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { accessibleSummary } from '../projects/read';
import { httpRoutes } from '../routes';

/** Posts a message (or an activity entry) as the signed-in user, whatever the body says. */
export const handler = httpHandler(httpRoutes.postChat, { body: postMessageInput }, async ({ body, principal, requestId, idempotency }) => {
  const project = await accessibleSummary(principal, body.projectId);
  const user = await signedInUser(principal.userId);
  const { messageId } = await runChatCommand({ principal, requestId, idempotency }, project, {
    type: 'post',
    messageId: newMessageId(),
    sender: { role: principal.role, name: `${user.firstName} ${user.lastName}` },
    message: body.message,
    messageType: body.messageType,
    roomId: body.roomId,
  });
  return reply(201, messageDto((await getMessage(project.id, messageId!))!));
});
