import { postMessageInput } from '../../events/chat/inputs';
import { chatDecider } from '../../events/chat/chat';
import { chatAt, chatPostPreload, chatStateOf, messageDto, newMessageId } from '../chat/chat-store';
import { inProject, runCommands } from '../commands/run-commands';
import { chatViews, postedMessage } from '../projections/chat-views';
import { signedInUser } from '../accounts/users';
import { displayName } from '../accounts/sign-in';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { streamHeadOf } from '../store/event-store';
import { visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * Posts a message as the signed-in user, whatever the body says. A body's `messageType: 'action'`
 * is recorded as an ordinary message of its sender: activity entries are the server's. A `roomId`
 * must be a room of the message's project (else 400 naming roomId; '' is no room). Two steps: the
 * session with the project's summary, the chat's head and the room, then the transaction; the
 * answer is the message as the transaction writes it.
 */
export const handler = httpHandler(
  httpRoutes.postChat,
  { body: postMessageInput, preload: (_params, body) => chatPostPreload(body.projectId, body.roomId) },
  async ({ body, principal, requestId, idempotency, preloaded }) => {
    const [summary, head, room] = preloaded;
    const project = visibleSummary(principal, summary);
    // The session carries the sender's name (an older session reads it from the account).
    const name = principal.displayName ?? displayName(await signedInUser(principal.userId));
    const sender = { role: principal.role, name };
    const command = { type: 'post', messageId: newMessageId(), sender, message: body.message, roomId: body.roomId, roomOfProject: room !== undefined } as const;
    let first: ReturnType<typeof chatAt> | undefined = chatAt(streamHeadOf(head));
    // A post retried with the same Idempotency-Key answers the first one's message.
    const { result } = await runCommands(chatDecider, inProject({ projectId: project.id, tenantId: project.contractorId }), [command], {
      by: { principal, requestId, idempotency },
      projection: chatViews(project.id),
      // A post reads no earlier message: the chat's head is all it needs (read again on a retry).
      load: async () => {
        const loaded = first ?? (await chatStateOf(project.id, []));
        first = undefined;
        return loaded;
      },
      respond: (_after, events, at) => messageDto(postedMessage(project.id, events[0]!.data as Parameters<typeof postedMessage>[1], at)),
    });
    return reply(201, result);
  },
);
