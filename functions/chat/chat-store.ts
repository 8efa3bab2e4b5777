import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import { chatStreamId, type ChatEvent } from '../../events/chat/events';
import { decideChat, evolveChat, initialChatState, type ChatCommand, type ChatState } from '../../events/chat/chat';
import type { StoredEvent } from '../../events/envelope';
import { dynamo } from '../adapters/aws-clients';
import { config } from '../config';
import type { Caller } from '../projects/commands';
import { metaFor } from '../projects/commands';
import type { ProjectSummaryView } from '../projects/views';
import { eventStore } from '../store/default-store';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { loadByFolding, runCommand } from '../store/run-command';
import { WriteSet } from '../store/write-set';

/** Chat commands on the event store, and the message views they keep. */

export interface MessageView {
  readonly id: string;
  readonly projectId: string;
  readonly senderType: 'contractor' | 'client';
  readonly senderName: string;
  readonly message: string;
  readonly messageType: 'chat' | 'action';
  readonly roomId: string | null;
  readonly timestamp: string;
  readonly readByContractor: boolean;
  readonly readByClient: boolean;
}

export const newMessageId = monotonicFactory();

/** At most this many messages are marked read per transaction (DynamoDB takes 100 writes). */
export const READ_BATCH = 80;

/** The chat's views (messages and their pointers): inline with each append, and by the rebuild over all the chat's events. */
export function chatProjection(writes: WriteSet, projectId: string, events: readonly StoredEvent[]): void {
  for (const stored of events) {
    const event = stored as unknown as ChatEvent;
    if (event.type === 'MessagePosted') {
      const { messageId, ...data } = event.data;
      writes.put({ ...stateKeys.chatMessage(projectId, messageId), id: messageId, projectId, ...data, timestamp: stored.meta.at, readByContractor: false, readByClient: false });
      writes.put({ ...stateKeys.messagePointer(messageId), projectId });
    } else {
      for (const id of event.data.messageIds) {
        writes.set(stateKeys.chatMessage(projectId, id), { [event.data.by === 'contractor' ? 'readByContractor' : 'readByClient']: true });
      }
    }
  }
}

/** Runs a chat command; answers the message it is about (for a post retried with the same Idempotency-Key, the first one's). */
export async function runChatCommand(caller: Caller, project: ProjectSummaryView, command: ChatCommand): Promise<{ messageId: string | null }> {
  const store = eventStore();
  const streamId = chatStreamId(project.id);
  const outcome = await runCommand(store, {
    streamId,
    tenantId: project.contractorId,
    projectId: project.id,
    meta: await metaFor(caller),
    idempotency: caller.idempotency,
    load: () => loadByFolding(store, streamId, initialChatState, (state: ChatState, event: ChatEvent) => evolveChat(state, event)),
    decide: (state) => decideChat(command, state),
    evolve: evolveChat,
    views: ({ events }) => {
      const writes = new WriteSet(config().stateTable);
      chatProjection(writes, project.id, events);
      return writes.toTransactItems().map((item) => ({ item }));
    },
    respond: () => ({ messageId: command.type === 'post' ? command.messageId : null }),
  });
  return outcome.result;
}

export const listMessages = (projectId: string): Promise<MessageView[]> =>
  queryAll<MessageView>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': stateKeys.chatMessage(projectId, '').pk, ':prefix': stateKeys.chatMessagesPrefix },
    ConsistentRead: true,
  });

export async function getMessage(projectId: string, messageId: string): Promise<MessageView | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.chatMessage(projectId, messageId), ConsistentRead: true }));
  return Item as MessageView | undefined;
}

export async function messageProject(messageId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.messagePointer(messageId) }));
  return Item?.projectId;
}

/**
 * A message as the API answers it. Activity entries are the server's (the project history): an
 * 'action' stored in the chat was posted by a person, so it is shown as the chat message it is.
 */
export const messageDto = ({ pk: _pk, sk: _sk, ...message }: MessageView & { pk?: string; sk?: string }): MessageView => ({ ...message, messageType: 'chat' });
