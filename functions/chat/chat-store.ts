import { GetCommand } from '@aws-sdk/lib-dynamodb';
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

export async function messageProject(messageId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.messagePointer(messageId) }));
  return Item?.projectId;
}

/**
 * A message as the API answers it. Activity entries are the server's (the project history): an
 * 'action' stored in the chat was posted by a person, so it is shown as the chat message it is.
 */
export const messageDto = ({ pk: _pk, sk: _sk, ...message }: MessageView & { pk?: string; sk?: string }): ChatMessage => ({ ...message, messageType: 'chat' });
