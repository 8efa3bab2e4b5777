import { GetCommand, TransactGetCommand } from '@aws-sdk/lib-dynamodb';
import type { ChatState } from '../../events/chat/chat';
import type { StreamPosition } from '../../events/envelope';
import { chatStreamId } from '../../events/streams';
import { streamHeadOf } from '../store/event-store';
import { monotonicFactory } from 'ulid';
import type { ChatMessage } from '../../contract/chat';
import { dynamo } from '../adapters/aws-clients';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { stateViewTable } from '../store/view-table';

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

export const getMessage = (projectId: string, messageId: string) => stateViewTable.get<MessageView>(stateKeys.chatMessage(projectId, messageId));

/**
 * The chat aggregate's state as far as a command reads it: the named messages (from their views,
 * which commit with the chat's events) and the head they stand at, read in one TransactGetItems
 * so that they agree. A post reads no message; a read receipt, the messages it marks.
 */
export async function chatStateOf(projectId: string, messageIds: readonly string[]): Promise<{ state: ChatState; position: StreamPosition }> {
  const TableName = config().stateTable;
  const keys = [stateKeys.streamHead(chatStreamId(projectId)), ...new Set(messageIds)].map((key) => (typeof key === 'string' ? stateKeys.chatMessage(projectId, key) : key));
  const { Responses = [] } = await dynamo().send(new TransactGetCommand({ TransactItems: keys.map((Key) => ({ Get: { TableName, Key } })) }));
  const [head, ...messages] = Responses.map((response) => response.Item);
  const found = (messages as (MessageView | undefined)[]).filter((message) => message !== undefined);
  const { version, hash } = streamHeadOf(head);
  return {
    state: { messages: new Map(found.map(({ id, senderType, readByContractor, readByClient }) => [id, { messageId: id, senderType, readByContractor, readByClient }])) },
    position: { version, hash },
  };
}

export async function messageProject(messageId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.messagePointer(messageId) }));
  return Item?.projectId;
}

/**
 * A message as the API answers it. Activity entries are the server's (the project history): an
 * 'action' stored in the chat was posted by a person, so it is shown as the chat message it is.
 */
export const messageDto = ({ pk: _pk, sk: _sk, ...message }: MessageView & { pk?: string; sk?: string }): ChatMessage => ({ ...message, messageType: 'chat' });
