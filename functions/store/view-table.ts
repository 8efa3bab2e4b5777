import { BatchGetCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { batchWriteAll, deleteRequests } from './batch-write';
import { queryAll } from './query-all';
import { keyId, WriteSet, type ViewItem } from './write-set';

/**
 * Where projections read and write views. The live one is the state table; a rebuild replays
 * events into one held in memory. Projections and their follow-ups are written once, against
 * this, and so cannot drift between the two.
 */
export interface ViewTable {
  get<T = ViewItem>(key: { pk: string; sk: string }): Promise<T | undefined>;
  /** Every item of a partition. */
  query(pk: string): Promise<ViewItem[]>;
  /** Writes as one transaction; a condition that fails throws ViewConflict. */
  commit(writes: WriteSet): Promise<void>;
  delete(keys: readonly { pk: string; sk: string }[]): Promise<void>;
  writeSet(): WriteSet;
}

/** A view changed between our read and our write: read again. */
export class ViewConflict extends Error {
  constructor() {
    super('A view changed concurrently');
    this.name = 'ViewConflict';
  }
}

/** The state table, read strongly consistent. */
export const stateViewTable: ViewTable = {
  async get<T>(key: { pk: string; sk: string }) {
    const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: key, ConsistentRead: true }));
    return Item as T | undefined;
  },
  query: (pk) => queryAll<ViewItem>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }),
  async commit(writes) {
    if (!writes.size) return;
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: writes.toTransactItems() }));
    } catch (error) {
      throw error instanceof TransactionCanceledException ? new ViewConflict() : error;
    }
  },
  delete: (keys) => batchWriteAll(deleteRequests(keys)),
  writeSet: () => new WriteSet(config().stateTable),
};

/**
 * Views in memory, for a rebuild. Besides the table's calls, synchronous ones for the replay's
 * hot path (no promise per event): `apply` commits, `peek` reads the item itself, not a copy
 * (the caller must not change it).
 */
export interface MemoryViewTable extends ViewTable {
  apply(writes: WriteSet): void;
  peek<T = ViewItem>(key: { pk: string; sk: string }): T | undefined;
  items(): ViewItem[];
}

export function memoryViewTable(): MemoryViewTable {
  const items = new Map<string, ViewItem>();
  return {
    get: async <T>(key: { pk: string; sk: string }) => structuredClone(items.get(keyId(key))) as T | undefined,
    query: async (pk) => [...items.values()].filter((item) => item.pk === pk).map((item) => structuredClone(item)),
    commit: async (writes) => writes.applyTo(items),
    apply: (writes) => writes.applyTo(items),
    peek: <T>(key: { pk: string; sk: string }) => items.get(keyId(key)) as T | undefined,
    delete: async (keys) => keys.forEach((key) => items.delete(keyId(key))),
    writeSet: () => new WriteSet('memory'),
    items: () => [...items.values()],
  };
}

/** What one BatchGetItem may ask for. */
const BATCH_GET_LIMIT = 100;

/**
 * Several items of the state table in one round trip (BatchGetItem, strongly consistent), in the
 * keys' order; what DynamoDB leaves unprocessed is asked for again. Past 100 distinct keys (a
 * report over every tenant), 100 a call, side by side.
 */
export async function getStateItems<Items extends readonly object[] = ViewItem[]>(keys: readonly { pk: string; sk: string }[]): Promise<{ [At in keyof Items]: Items[At] | undefined }> {
  const found = new Map<string, ViewItem>();
  const distinct = [...new Map(keys.map((key) => [keyId(key), { pk: key.pk, sk: key.sk }])).values()];
  const chunks = Array.from({ length: Math.ceil(distinct.length / BATCH_GET_LIMIT) }, (_, at) => distinct.slice(at * BATCH_GET_LIMIT, (at + 1) * BATCH_GET_LIMIT));
  await Promise.all(chunks.map((chunk) => batchGet(chunk, found)));
  return keys.map((key) => found.get(keyId(key))) as { [At in keyof Items]: Items[At] | undefined };
}

async function batchGet(keys: { pk: string; sk: string }[], found: Map<string, ViewItem>): Promise<void> {
  const TableName = config().stateTable;
  let pending = keys;
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 20 * 2 ** attempt) * Math.random()));
    const { Responses, UnprocessedKeys } = await dynamo().send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending, ConsistentRead: true } } }));
    for (const item of Responses?.[TableName] ?? []) found.set(keyId(item as ViewItem), item as ViewItem);
    pending = (UnprocessedKeys?.[TableName]?.Keys ?? []) as typeof pending;
    if (attempt >= 8 && pending.length) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
  }
}
