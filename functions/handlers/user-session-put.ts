import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { userSessionInput } from '../../events/chat/inputs';
import { forbidden } from '../../events/errors';
import { dynamo } from '../adapters/aws-clients';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';
import { stateKeys } from '../store/keys';

/** Saves the Join Project Chat choice (role and name) and whether chat was opened once. */
export const handler = httpHandler(httpRoutes.putUserSession, { body: userSessionInput }, async ({ body, principal }) => {
  if (body.userType !== principal.role) throw forbidden(`userType: you are signed in as a ${principal.role}.`);
  const now = new Date().toISOString();
  await dynamo().send(new PutCommand({ TableName: config().stateTable, Item: { ...stateKeys.userSession(principal.userId), ...body, userId: principal.userId, updatedAt: now } }));
  return { session: body, isFirstTime: false };
});
