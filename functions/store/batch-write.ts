import { setTimeout } from 'node:timers/promises';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import type { ViewItem } from './write-set';
import { CALLS_IN_FLIGHT } from '../adapters/bounded-clients';

type Key = { pk: string; sk: string };
export type BatchRequest = { DeleteRequest: { Key: Key } } | { PutRequest: { Item: ViewItem } };

const BATCH = 25; // DynamoDB's limit per BatchWriteItem
const ATTEMPTS = 8;

/**
 * Puts and deletes on the state table, 25 to a BatchWriteItem, several batches at once; what
 * DynamoDB leaves unprocessed (throttling) is sent again after a jittered, growing pause.
 */
export async function batchWriteAll(requests: readonly BatchRequest[], TableName = config().stateTable): Promise<void> {
  const batches = Array.from({ length: Math.ceil(requests.length / BATCH) }, (_, i) => requests.slice(i * BATCH, (i + 1) * BATCH));
  await pMap(
    batches,
    async (batch) => {
      let pending: BatchRequest[] = batch;
      for (let attempt = 0; pending.length; attempt++) {
        if (attempt >= ATTEMPTS) throw new Error(`DynamoDB left ${pending.length} writes unprocessed after ${ATTEMPTS} attempts`);
        if (attempt > 0) await setTimeout(Math.min(1000, 25 * 2 ** attempt) * Math.random());
        const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [TableName]: pending } }));
        pending = (UnprocessedItems?.[TableName] ?? []) as BatchRequest[];
      }
    },
    { concurrency: CALLS_IN_FLIGHT },
  );
}

export const deleteRequests = (keys: readonly Key[]): BatchRequest[] => keys.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } }));
