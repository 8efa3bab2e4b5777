import type { TransactItem } from './event-store';

/**
 * The writes one command makes to views, merged per item: a transaction may touch an item only
 * once, yet one command may create a room and count it, or move several counters of one summary.
 * Put, then set/add on the same key, is one Put; set and add on the same key are one Update.
 */

type Key = { pk: string; sk: string };
type Condition = { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };

type Entry =
  | { kind: 'put'; item: Record<string, unknown>; condition?: Condition }
  | { kind: 'update'; key: Key; set: Record<string, unknown>; add: Record<string, number>; condition?: Condition }
  | { kind: 'delete'; key: Key; condition?: Condition };

export const keyId = (key: Key): string => `${key.pk}\u0000${key.sk}`;
const exists: Condition = { expression: 'attribute_exists(pk)' };

export type ViewItem = Record<string, unknown> & Key;

export class WriteSet {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly tableName: string) {}

  put(item: Record<string, unknown> & Key, condition?: Condition): this {
    this.entries.set(keyId(item), { kind: 'put', item: { ...item }, condition });
    return this;
  }

  /** SET attributes on an existing item (or one meeting `condition`); null or undefined removes one. */
  set(key: Key, values: Record<string, unknown>, condition: Condition = exists): this {
    const entry = this.entries.get(keyId(key));
    if (entry?.kind === 'put') {
      for (const [name, value] of Object.entries(values)) {
        if (value === null || value === undefined) delete entry.item[name];
        else entry.item[name] = value;
      }
    } else if (entry?.kind === 'update') {
      Object.assign(entry.set, values);
    } else {
      this.entries.set(keyId(key), { kind: 'update', key, set: { ...values }, add: {}, condition });
    }
    return this;
  }

  /** ADD to counters of an existing item (zeros are skipped). */
  add<Deltas extends Record<keyof Deltas, number>>(key: Key, deltas: Deltas): this {
    const at = keyId(key);
    let entry = this.entries.get(at);
    for (const name in deltas) {
      const delta: number = deltas[name];
      if (delta === 0) continue;
      if (entry?.kind === 'put') entry.item[name] = ((entry.item[name] as number | undefined) ?? 0) + delta;
      else if (entry?.kind === 'update') entry.add[name] = (entry.add[name] ?? 0) + delta;
      else this.entries.set(at, (entry = { kind: 'update', key, set: {}, add: { [name]: delta }, condition: exists }));
    }
    return this;
  }

  /** Deletes the item; one created by this same set simply never gets written. */
  delete(key: Key, condition?: Condition): this {
    if (this.entries.get(keyId(key))?.kind === 'put') this.entries.delete(keyId(key));
    else this.entries.set(keyId(key), { kind: 'delete', key, condition });
    return this;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Applies the writes to items held in memory (a rebuild replaying events one change at a time,
   * so no condition can fail there). An update of an item that is not there is a bug: it throws.
   */
  applyTo(items: Map<string, ViewItem>): void {
    for (const [at, entry] of this.entries) {
      // A put's item is already this set's own copy, and states are never changed in place.
      if (entry.kind === 'put') items.set(at, entry.item as ViewItem);
      else if (entry.kind === 'delete') items.delete(at);
      else if (entry.kind === 'update') {
        const item = items.get(at);
        if (!item) throw new Error(`No view ${entry.key.pk} ${entry.key.sk} to update`);
        for (const [name, value] of Object.entries(entry.set)) {
          if (value === null || value === undefined) delete item[name];
          else item[name] = structuredClone(value);
        }
        for (const [name, delta] of Object.entries(entry.add)) item[name] = ((item[name] as number | undefined) ?? 0) + delta;
      }
    }
  }

  toTransactItems(): TransactItem[] {
    const TableName = this.tableName;
    return [...this.entries.values()].map((entry): TransactItem => {
      const condition = (c?: Condition) =>
        c
          ? {
              ConditionExpression: c.expression,
              ...(c.names ? { ExpressionAttributeNames: c.names } : {}),
              ...(c.values ? { ExpressionAttributeValues: c.values } : {}),
            }
          : {};
      switch (entry.kind) {
        case 'put':
          return { Put: { TableName, Item: entry.item, ...condition(entry.condition) } };
        case 'delete':
          return { Delete: { TableName, Key: entry.key, ...condition(entry.condition) } };
        case 'update':
          return { Update: updateOf(TableName, entry) };
      }
    });
  }
}

function updateOf(TableName: string, entry: Extract<Entry, { kind: 'update' }>): NonNullable<TransactItem['Update']> {
  const names: Record<string, string> = { ...entry.condition?.names };
  const values: Record<string, unknown> = { ...entry.condition?.values };
  const sets: string[] = [];
  const removes: string[] = [];
  const adds: string[] = [];
  let n = 0;
  for (const [name, value] of Object.entries(entry.set)) {
    names[`#a${n}`] = name;
    if (value === null || value === undefined) removes.push(`#a${n}`);
    else {
      values[`:a${n}`] = value;
      sets.push(`#a${n} = :a${n}`);
    }
    n++;
  }
  for (const [name, delta] of Object.entries(entry.add)) {
    names[`#a${n}`] = name;
    values[`:a${n}`] = delta;
    adds.push(`#a${n} :a${n}`);
    n++;
  }
  const expression = [sets.length && `SET ${sets.join(', ')}`, removes.length && `REMOVE ${removes.join(', ')}`, adds.length && `ADD ${adds.join(', ')}`]
    .filter(Boolean)
    .join(' ');
  return {
    TableName,
    Key: entry.key,
    UpdateExpression: expression,
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    ...(entry.condition ? { ConditionExpression: entry.condition.expression } : {}),
  };
}
