import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { boundedClient } from './bounded-clients';

/**
 * The DynamoDB client, one per Lambda instance, reused across invocations. Each SDK client has its
 * own module, so a bundle carries only the clients its route uses. Created on first use, not at
 * import: the local cloud sets endpoints (AWS_ENDPOINT_URL_*) first, and a cold start does less.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export const dynamo = (): DynamoDBDocumentClient => (documentClient ??= documentClientOf(boundedClient('dynamodb', (options) => new DynamoDBClient(options))));

function documentClientOf(client: DynamoDBClient): DynamoDBDocumentClient {
  // The SDK's logger middleware builds a redacted copy of every request and response for its
  // logger even when that logger does nothing (ours): about 5% of a rebuild's CPU. We log ourselves.
  client.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
