import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../adapters/aws-clients';
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

/** Views in memory, for a rebuild. */
export function memoryViewTable(): ViewTable & { items(): ViewItem[] } {
  const items = new Map<string, ViewItem>();
  return {
    get: async <T>(key: { pk: string; sk: string }) => structuredClone(items.get(keyId(key))) as T | undefined,
    query: async (pk) => [...items.values()].filter((item) => item.pk === pk).map((item) => structuredClone(item)),
    commit: async (writes) => writes.applyTo(items),
    delete: async (keys) => keys.forEach((key) => items.delete(keyId(key))),
    writeSet: () => new WriteSet('memory'),
    items: () => [...items.values()],
  };
}
