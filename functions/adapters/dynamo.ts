import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requestNotes } from '../request-usage';
import { boundedClient } from './bounded-clients';

/**
 * The DynamoDB client, one per Lambda instance, reused across invocations. Each SDK client has its
 * own module, so a bundle carries only the clients its route uses. Created on first use, not at
 * import: the local cloud sets endpoints (AWS_ENDPOINT_URL_*) first, and a cold start does less.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export const dynamo = (): DynamoDBDocumentClient => (documentClient ??= documentClientOf(boundedClient('dynamodb', (options) => new DynamoDBClient(options))));

/**
 * The rate limiter's and the usage counters' own client (issue 31): one attempt of 2 s at most, and
 * sockets and a retry quota of its own. When the database stalls, metering gives up quickly (the
 * limiter lets the request through, a count is lost, both logged) instead of doubling the calls
 * that wait on the stalled database and spending the retries the request's own reads need.
 */
let meteringClient: DynamoDBDocumentClient | undefined;

export const meteringDynamo = (): DynamoDBDocumentClient =>
  (meteringClient ??= documentClientOf(
    boundedClient('dynamodb', (options) => new DynamoDBClient({ ...options, maxAttempts: 1, requestHandler: { ...options.requestHandler, connectionTimeout: 1000, requestTimeout: 2000, socketTimeout: 2000 } })),
  ));

function documentClientOf(client: DynamoDBClient): DynamoDBDocumentClient {
  // The SDK's logger middleware builds a redacted copy of every request and response for its
  // logger even when that logger does nothing (ours): about 5% of a rebuild's CPU. We log ourselves.
  client.middlewareStack.remove('loggerMiddleware');
  countCapacity(client);
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

/** Operations that take ReturnConsumedCapacity; the first five read. */
const READS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'ScanCommand', 'TransactGetItemsCommand']);
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);

/**
 * Within an HTTP request, asks DynamoDB what each call consumed and notes it for the request's
 * tenant (functions/request-usage.ts): the cost report prices capacity used, not a guess per
 * request. A call refused by its condition consumed a write unit too, but says so in no output.
 */
function countCapacity(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const notes = requestNotes();
      const command = context.commandName ?? '';
      const reads = READS.has(command);
      if (!notes || (!reads && !WRITES.has(command))) return next(args);
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      const units = [consumed ?? []].flat().reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
      if (reads) notes.dynamoReadUnits += units;
      else notes.dynamoWriteUnits += units;
      return result;
    },
    { step: 'initialize', name: 'countCapacity' },
  );
}
