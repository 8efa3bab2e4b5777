import { TransactGetCommand } from '@aws-sdk/lib-dynamodb';
import type { ChatState } from '../../events/chat/chat';
import type { StreamPosition } from '../../events/envelope';
import { chatStreamId } from '../../events/streams';
import { streamHeadOf } from '../store/event-store';
import { monotonicFactory } from 'ulid';
import type { ChatMessage } from '../../contract/chat';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';

/** The chat's message views, as the API reads them. */

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

export const listMessages = (projectId: string): Promise<MessageView[]> =>
  queryAll<MessageView>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': stateKeys.chatMessage(projectId, '').pk, ':prefix': stateKeys.chatMessagesPrefix },
    ConsistentRead: true,
  });

/**
 * The chat aggregate's state as far as a command reads it: the named messages (from their views,
 * which commit with the chat's events) and the head they stand at, read in one TransactGetItems
 * so that they agree, with `alsoRead` (the project's summary, say) in the same round trip. A post
 * reads no message; a read receipt, the messages it marks.
 */
export async function chatStateOf(projectId: string, messageIds: readonly string[], alsoRead: readonly { pk: string; sk: string }[] = []) {
  const TableName = config().stateTable;
  const ids = [...new Set(messageIds)];
  const keys = [stateKeys.streamHead(chatStreamId(projectId)), ...ids.map((id) => stateKeys.chatMessage(projectId, id)), ...alsoRead];
  const { Responses = [] } = await dynamo().send(new TransactGetCommand({ TransactItems: keys.map((Key) => ({ Get: { TableName, Key } })) }));
  const items = Responses.map((response) => response.Item);
  const messages = (items.slice(1, 1 + ids.length) as (MessageView | undefined)[]).filter((message) => message !== undefined);
  return { ...chatAt(streamHeadOf(items[0]), messages), also: items.slice(1 + ids.length) };
}

/** The chat's state at `head`, as far as it holds `messages` (their views). */
export function chatAt(head: StreamPosition, messages: readonly MessageView[] = []): { state: ChatState; position: StreamPosition; messages: readonly MessageView[] } {
  return {
    state: { messages: new Map(messages.map(({ id, senderType, readByContractor, readByClient }) => [id, { messageId: id, senderType, readByContractor, readByClient }])) },
    position: { version: head.version, hash: head.hash },
    messages,
  };
}

/** What a post reads with the session: the project's summary (who may post), the chat's head and the room the message names. */
export const chatPostPreload = (projectId: string, roomId: string | null) => [
  stateKeys.projectSummary(projectId),
  stateKeys.streamHead(chatStreamId(projectId)),
  ...(roomId ? [stateKeys.projectRoom(projectId, roomId)] : []),
];

/** A read receipt's preload: the message's pointer, which names its project. */
export const messagePointerPreload = ({ messageId }: { messageId: string }) => [stateKeys.messagePointer(messageId)];

/**
 * A message as the API answers it. Activity entries are the server's (the project history): an
 * 'action' stored in the chat was posted by a person, so it is shown as the chat message it is.
 */
export const messageDto = ({ pk: _pk, sk: _sk, ...message }: MessageView & { pk?: string; sk?: string }): ChatMessage => ({ ...message, messageType: 'chat' });
