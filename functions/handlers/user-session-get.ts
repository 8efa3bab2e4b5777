import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/aws-clients';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';
import { stateKeys } from '../store/keys';

/** The chat session of the signed-in user (spec: session and isFirstTime), kept per user, not per address. */
export const handler = httpHandler(httpRoutes.getUserSession, {}, async ({ principal }) => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.userSession(principal.userId) }));
  if (!Item) return { session: null, isFirstTime: true };
  return { session: { userType: Item.userType, userName: Item.userName, chatOpenedOnce: Item.chatOpenedOnce }, isFirstTime: false };
});
