/**
 * Table definitions, once: the CDK stack and the local cloud both build their tables from these.
 *
 * - `events`: the event store. One item per event; partition = stream id, sort = version.
 *   The `byProject` index gives a project's events in time order (eventId is a ULID).
 * - `state`: everything that is not an event: read models (views), accounts, sessions,
 *   idempotency records, WebSocket connections. Items that expire carry `expiresAt` (epoch s).
 *   gsi1 and gsi2 are generic secondary keys (a contractor's projects, a client's projects, a
 *   user's sessions …): each item type says what it puts there, in functions/store/keys.ts.
 */

export type AttributeType = 'S' | 'N';

export interface KeyAttribute {
  readonly name: string;
  readonly type: AttributeType;
}

export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
}

export interface TableDefinition {
  /** Logical name; the physical name comes from configuration. */
  readonly name: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
  /** Keyed by index name: code reaches one as `stateTable.indexes.gsi1`, the CDK stack and the local cloud iterate them. */
  readonly indexes: Readonly<Record<string, IndexDefinition>>;
  readonly stream?: 'NEW_IMAGE';
  readonly ttlAttribute?: string;
}

/** Indexes keyed by their name; each gets its key as `name`, so the two cannot differ. */
function namedIndexes<const Indexes extends Record<string, Omit<IndexDefinition, 'name'>>>(
  indexes: Indexes,
): { readonly [Name in keyof Indexes & string]: Indexes[Name] & { readonly name: Name } } {
  return Object.fromEntries(Object.entries(indexes).map(([name, index]) => [name, { name, ...index }])) as never;
}

/** A table's indexes, for building them. */
export const indexesOf = (table: TableDefinition): IndexDefinition[] => Object.values(table.indexes);

export const eventsTable = {
  name: 'events',
  partitionKey: { name: 'streamId', type: 'S' },
  sortKey: { name: 'version', type: 'N' },
  indexes: namedIndexes({
    byProject: {
      partitionKey: { name: 'projectId', type: 'S' },
      sortKey: { name: 'eventId', type: 'S' },
    },
  }),
  stream: 'NEW_IMAGE',
} as const satisfies TableDefinition;

export const stateTable = {
  name: 'state',
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  indexes: namedIndexes({
    gsi1: {
      partitionKey: { name: 'gsi1pk', type: 'S' },
      sortKey: { name: 'gsi1sk', type: 'S' },
    },
    gsi2: {
      partitionKey: { name: 'gsi2pk', type: 'S' },
      sortKey: { name: 'gsi2sk', type: 'S' },
    },
  }),
  ttlAttribute: 'expiresAt',
} as const satisfies TableDefinition;

/**
 * `keys`: one data key per subject whose personal data is sealed inside events (a person, a
 * project's client), wrapped by KMS in AWS. Erasing a subject deletes its item. Kept apart from
 * `state` so its access, backups and deletion can be governed on their own.
 */
export const keysTable = {
  name: 'keys',
  partitionKey: { name: 'subject', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  indexes: {},
} as const satisfies TableDefinition;

export const tables = [eventsTable, stateTable, keysTable] as const;
