import type { ChatMessage } from '../../contract/chat';
import { chatDecider } from '../../events/chat/chat';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { chatViews, postedMessage } from '../projections/chat-views';
import type { ProjectSummaryView } from '../projections/project-views';
import { streamHeadOf } from '../store/event-store';
import { chatAt, chatStateOf, messageDto, newMessageId } from './chat-store';

/**
 * Posts a message as the signed-in caller (`senderName` theirs), whatever the body says. A body's `messageType:
 * 'action'` is recorded as an ordinary message of its sender: activity entries are the server's.
 * A `roomId` must be a room of the message's project (else 400 naming roomId; '' is no room):
 * `preloaded` is the chat's head and that room, as read with the session (chatPostPreload). The
 * answer is the message as the transaction writes it.
 */
export async function postMessage(
  caller: Caller,
  senderName: string,
  project: ProjectSummaryView,
  message: { readonly message: string; readonly roomId: string | null },
  preloaded: { readonly head: Record<string, unknown> | undefined; readonly room: Record<string, unknown> | undefined },
): Promise<ChatMessage> {
  const sender = { role: caller.principal.role, name: senderName };
  const command = { type: 'post', messageId: newMessageId(), sender, message: message.message, roomId: message.roomId, roomOfProject: preloaded.room !== undefined } as const;
  let first: ReturnType<typeof chatAt> | undefined = chatAt(streamHeadOf(preloaded.head));
  // A post retried with the same Idempotency-Key answers the first one's message.
  const { result } = await runCommands(chatDecider, inProject({ projectId: project.id, tenantId: project.contractorId }), [command], {
    by: caller,
    projection: chatViews(project.id),
    // A post reads no earlier message: the chat's head is all it needs (read again on a retry).
    load: async () => {
      const loaded = first ?? (await chatStateOf(project.id, []));
      first = undefined;
      return loaded;
    },
    respond: (_after, events, at) => messageDto(postedMessage(project.id, events[0]!.data as Parameters<typeof postedMessage>[1], at)),
  });
  return result;
}
