import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { invalid } from '../../events/errors';
import { digestUnsubscribeInput } from '../../contract/project-inputs';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { verifyUnsubscribeToken } from '../digest/unsubscribe-token';
import { httpHandler } from '../http/handler';
import { stateKeys } from '../store/keys';
import { httpRoutes } from '../routes';

export const UNSUBSCRIBED = 'You will no longer get the daily decisions e-mail for this project.';

/**
 * A digest mail's unsubscribe link (issue 18), posted by its page: records the client's opt-out of
 * that project's digest. No sign-in: the signed token names the client and the project. Again is fine.
 */
export const handler = httpHandler(httpRoutes.digestUnsubscribe, { body: digestUnsubscribeInput }, async ({ body }) => {
  const subscription = await verifyUnsubscribeToken(body.token);
  if (!subscription) throw invalid('token', 'The unsubscribe link is not valid');
  const key = stateKeys.digestOptOut(subscription.userId, subscription.projectId);
  await dynamo().send(new PutCommand({ TableName: config().stateTable, Item: { ...key, userId: subscription.userId, projectId: subscription.projectId, at: new Date().toISOString() } }));
  return { message: UNSUBSCRIBED };
});
