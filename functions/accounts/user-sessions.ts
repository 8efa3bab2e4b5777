import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod/mini';
import type { userSessionInput } from '../../events/chat/inputs';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';

/**
 * The user's chat session (spec: Join Project Chat): the role and name they joined with and
 * whether chat was opened once. One record per user, not per address; not the sign-in session.
 */

export type UserSession = z.output<typeof userSessionInput>;

export async function findUserSession(userId: string): Promise<UserSession | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.userSession(userId) }));
  return Item && { userType: Item.userType, userName: Item.userName, chatOpenedOnce: Item.chatOpenedOnce };
}

export async function saveUserSession(userId: string, session: UserSession, now = new Date()): Promise<void> {
  const item = { ...stateKeys.userSession(userId), ...session, userId, updatedAt: now.toISOString() };
  await dynamo().send(new PutCommand({ TableName: config().stateTable, Item: item }));
}
