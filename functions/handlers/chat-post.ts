import { postMessageInput } from '../../events/chat/inputs';
import { chatDecider } from '../../events/chat/chat';
import { chatStateOf, getMessage, messageDto, newMessageId } from '../chat/chat-store';
import { inProject, runCommands } from '../commands/run-commands';
import { chatViews } from '../projections/chat-views';
import { signedInUser } from '../accounts/users';
import { displayName } from '../accounts/sign-in';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { accessibleSummary, getRoomView } from '../projects/read';
import { httpRoutes } from '../routes';

/**
 * Posts a message as the signed-in user, whatever the body says. A body's `messageType: 'action'`
 * is recorded as an ordinary message of its sender: activity entries are the server's. A `roomId`
 * must be a room of the message's project (else 400 naming roomId; '' is no room).
 */
export const handler = httpHandler(httpRoutes.postChat, { body: postMessageInput }, async ({ body, principal, requestId, idempotency }) => {
  const project = await accessibleSummary(principal, body.projectId);
  // The session carries the sender's name (an older session reads it from the account).
  const [name, room] = await Promise.all([principal.displayName ?? signedInUser(principal.userId).then(displayName), body.roomId ? getRoomView(project.id, body.roomId) : undefined]);
  const sender = { role: principal.role, name };
  const command = { type: 'post', messageId: newMessageId(), sender, message: body.message, roomId: body.roomId, roomOfProject: room !== undefined } as const;
  // A post retried with the same Idempotency-Key answers the first one's message.
  const { result: messageId } = await runCommands(chatDecider, inProject({ projectId: project.id, tenantId: project.contractorId }), [command], {
    by: { principal, requestId, idempotency },
    projection: chatViews(project.id),
    // A post reads no earlier message: the chat's head is all it needs.
    load: () => chatStateOf(project.id, []),
    respond: () => command.messageId,
  });
  return reply(201, messageDto((await getMessage(project.id, messageId))!));
});
