import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/aws-clients';
import { config } from '../config';
import type { ViewItem } from './write-set';

type Key = { pk: string; sk: string };
export type BatchRequest = { DeleteRequest: { Key: Key } } | { PutRequest: { Item: ViewItem } };

const BATCH = 25; // DynamoDB's limit per BatchWriteItem
const ATTEMPTS = 5;

/** Puts and deletes on the state table, 25 at a time, retrying what DynamoDB leaves unprocessed. */
export async function batchWriteAll(requests: readonly BatchRequest[]): Promise<void> {
  const TableName = config().stateTable;
  for (let i = 0; i < requests.length; i += BATCH) {
    let pending: Record<string, BatchRequest[]> | undefined = { [TableName]: requests.slice(i, i + BATCH) };
    for (let attempt = 0; pending?.[TableName]?.length && attempt < ATTEMPTS; attempt++) {
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: pending }));
      pending = UnprocessedItems as Record<string, BatchRequest[]> | undefined;
    }
    if (pending?.[TableName]?.length) throw new Error(`DynamoDB left ${pending[TableName].length} writes unprocessed after ${ATTEMPTS} attempts`);
  }
}

export const deleteRequests = (keys: readonly Key[]): BatchRequest[] => keys.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } }));
