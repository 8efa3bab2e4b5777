import {
  GetCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { monotonicFactory } from 'ulid';
import { streamStart, type EventMeta, type NewEvent, type StoredEvent, type StreamPosition } from '../../events/envelope';
import { DomainError, conflict } from '../../events/errors';
import type { EventCatalogue } from '../../events/event-catalogue';
import { hashEvent } from '../../events/hash-chain';
import { eventsTable } from '../tables';
import { stateKeys } from './keys';

/**
 * The DynamoDB event store.
 *
 * An append is one TransactWriteItems:
 *
 *   [0]      Update stream head   if head.version = expected.version and head.hash = expected.hash
 *                                 (or the head does not exist when expected.version = 0)
 *   [1..n]   Put event v+1 … v+n  if that version does not exist yet
 *   [n+1..]  the caller's view updates (their own conditions)
 *   [last]   Put idempotency record, if the request carried a key, if it does not exist yet
 *
 * The head makes the versions strictly sequential (a writer that read version 7 can only write 8),
 * carries the hash the next event links to, and lets the verifier notice a removed last event.
 */

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface ViewWrite {
  readonly item: TransactItem;
  /** The error to answer when this item's condition fails (default: a 409 naming the view). */
  readonly onConditionFailed?: () => Error;
}

export interface IdempotencyKey {
  /** Whose key it is (the caller's id): keys of different callers never collide. */
  readonly scope: string;
  readonly key: string;
  /** A fingerprint of the request, so a key reused for another request is refused. */
  readonly requestHash: string;
}

export interface AppendRequest {
  readonly streamId: string;
  readonly expected: StreamPosition;
  readonly events: readonly NewEvent[];
  readonly tenantId: string;
  readonly projectId?: string;
  readonly meta: EventMeta;
  /** View updates to commit with the events, built from the events as they will be stored. */
  readonly views?: (events: readonly StoredEvent[]) => readonly ViewWrite[];
  readonly idempotency?: IdempotencyKey & { readonly response: unknown };
}

/** Someone else appended to the stream first: re-read, re-decide, try again. */
export class ConcurrencyConflict extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} changed concurrently`);
    this.name = 'ConcurrencyConflict';
  }
}

/** A concurrent request with the same Idempotency-Key committed first. */
export class IdempotencyRace extends Error {
  constructor() {
    super('A request with the same Idempotency-Key committed first');
    this.name = 'IdempotencyRace';
  }
}

export interface EventStoreOptions {
  readonly client: DynamoDBDocumentClient;
  readonly eventsTableName: string;
  readonly stateTableName: string;
  readonly catalogue: EventCatalogue;
  /** The clock, for idempotency expiry; passed in so tests can move it. */
  readonly now?: () => Date;
}

const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** DynamoDB's limit on items in one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

export type EventStore = ReturnType<typeof createEventStore>;

export function createEventStore(options: EventStoreOptions) {
  const { client, eventsTableName, stateTableName, catalogue } = options;
  const now = options.now ?? (() => new Date());
  const nextEventId = monotonicFactory();

  function prepare(request: AppendRequest): StoredEvent[] {
    let previous = request.expected;
    return request.events.map((event) => {
      const { schemaVersion, data } = catalogue.prepare(event);
      // Through JSON so that what is hashed is exactly what DynamoDB will hand back.
      const unhashed: Omit<StoredEvent, 'hash'> = JSON.parse(
        JSON.stringify({
          streamId: request.streamId,
          version: previous.version + 1,
          eventId: nextEventId(),
          type: event.type,
          schemaVersion,
          data,
          tenantId: request.tenantId,
          projectId: request.projectId,
          meta: request.meta,
          prevHash: previous.hash,
        }),
      );
      const stored = { ...unhashed, hash: hashEvent(unhashed) };
      previous = stored;
      return stored;
    });
  }

  function headUpdate(request: AppendRequest, last: StoredEvent): TransactItem {
    const isNew = request.expected.version === 0;
    return {
      Update: {
        TableName: stateTableName,
        Key: stateKeys.streamHead(request.streamId),
        UpdateExpression: 'SET #version = :version, #hash = :hash, streamId = :streamId, tenantId = :tenantId, updatedAt = :at'
          + (request.projectId ? ', projectId = :projectId' : ''),
        ConditionExpression: isNew ? 'attribute_not_exists(pk)' : '#version = :expectedVersion AND #hash = :expectedHash',
        ExpressionAttributeNames: { '#version': 'version', '#hash': 'hash' },
        ExpressionAttributeValues: {
          ':version': last.version,
          ':hash': last.hash,
          ':streamId': request.streamId,
          ':tenantId': request.tenantId,
          ':at': last.meta.at,
          ...(request.projectId ? { ':projectId': request.projectId } : {}),
          ...(isNew ? {} : { ':expectedVersion': request.expected.version, ':expectedHash': request.expected.hash }),
        },
      },
    };
  }

  /** Appends the events and their view updates atomically; returns the events as stored. */
  async function append(request: AppendRequest): Promise<StoredEvent[]> {
    const events = prepare(request);
    const last = events.at(-1);
    if (!last) return [];
    const views = request.views?.(events) ?? [];
    const idempotency = request.idempotency;
    const items: TransactItem[] = [
      headUpdate(request, last),
      ...events.map((event) => ({
        Put: { TableName: eventsTableName, Item: event, ConditionExpression: 'attribute_not_exists(streamId)' },
      })),
      ...views.map((view) => view.item),
    ];
    if (idempotency) {
      items.push({
        Put: {
          TableName: stateTableName,
          Item: {
            ...stateKeys.idempotency(idempotency.scope, idempotency.key),
            requestHash: idempotency.requestHash,
            response: idempotency.response,
            expiresAt: Math.floor(now().getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    }
    if (items.length > MAX_TRANSACTION_ITEMS) {
      throw new Error(`An append of ${items.length} writes exceeds DynamoDB's ${MAX_TRANSACTION_ITEMS} per transaction`);
    }
    try {
      await client.send(new TransactWriteCommand({ TransactItems: items, ReturnConsumedCapacity: 'TOTAL' }));
    } catch (error) {
      throw explainCancellation(error, request.streamId, events.length, views, Boolean(idempotency));
    }
    return events;
  }

  /** The idempotency record's response, if this key was used before for the same request. */
  async function idempotentResponse(key: IdempotencyKey): Promise<unknown | undefined> {
    const { Item } = await client.send(
      new GetCommand({ TableName: stateTableName, Key: stateKeys.idempotency(key.scope, key.key), ConsistentRead: true }),
    );
    // DynamoDB deletes expired items lazily (up to days later): ignore them ourselves.
    if (!Item || Item.expiresAt * 1000 < now().getTime()) return undefined;
    if (Item.requestHash !== key.requestHash) {
      throw new DomainError('unprocessable', 'Idempotency-Key: this key was already used for a different request');
    }
    return Item.response;
  }

  async function* queryPages(input: ConstructorParameters<typeof QueryCommand>[0]) {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(new QueryCommand({ ...input, ExclusiveStartKey }));
      yield (page.Items ?? []) as StoredEvent[];
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }

  /** A stream's events as stored (no upcasting), by version, with strongly consistent reads. */
  async function readRawStream(streamId: string, range: { from?: number; to?: number } = {}): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    const pages = queryPages({
      TableName: eventsTableName,
      KeyConditionExpression: 'streamId = :streamId AND #version BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':streamId': streamId, ':from': range.from ?? 1, ':to': range.to ?? Number.MAX_SAFE_INTEGER },
      ConsistentRead: true,
    });
    for await (const page of pages) events.push(...page);
    return events;
  }

  /** A stream's events, upcast to the current schema versions. */
  async function readStream(streamId: string, range: { from?: number; to?: number } = {}): Promise<StoredEvent[]> {
    return (await readRawStream(streamId, range)).map((event) => catalogue.upcast(event));
  }

  /** Where the stream stands (version 0 when it has no events). */
  async function readHead(streamId: string): Promise<StreamPosition & { projectId?: string; tenantId?: string }> {
    const { Item } = await client.send(
      new GetCommand({ TableName: stateTableName, Key: stateKeys.streamHead(streamId), ConsistentRead: true }),
    );
    return Item
      ? { version: Item.version, hash: Item.hash, projectId: Item.projectId, tenantId: Item.tenantId }
      : streamStart;
  }

  /**
   * A project's events across all its streams, in time order (eventId is a ULID). Read from a
   * GSI, so eventually consistent: for history and replay, not for deciding.
   */
  async function readProjectEvents(projectId: string): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    const index = eventsTable.indexes[0];
    const pages = queryPages({
      TableName: eventsTableName,
      IndexName: index.name,
      KeyConditionExpression: '#projectId = :projectId',
      ExpressionAttributeNames: { '#projectId': index.partitionKey.name },
      ExpressionAttributeValues: { ':projectId': projectId },
    });
    for await (const page of pages) events.push(...page.map((event) => catalogue.upcast(event)));
    return events;
  }

  /** Every stored event, as stored, page by page (for the verifier and full rebuilds). */
  async function* scanAllRaw(): AsyncGenerator<StoredEvent[]> {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: eventsTableName, ExclusiveStartKey, ConsistentRead: true }));
      yield (page.Items ?? []) as StoredEvent[];
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }

  return { append, idempotentResponse, readStream, readRawStream, readHead, readProjectEvents, scanAllRaw };
}

/** Turns a cancelled transaction into the error that says which part failed and why. */
function explainCancellation(
  error: unknown,
  streamId: string,
  eventCount: number,
  views: readonly ViewWrite[],
  hasIdempotency: boolean,
): unknown {
  if (!(error instanceof TransactionCanceledException)) return error;
  const reasons = error.CancellationReasons ?? [];
  // Another transaction touching the same items was in flight: same remedy as a version conflict.
  if (reasons.some((reason) => reason.Code === 'TransactionConflict')) return new ConcurrencyConflict(streamId);
  const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
  if (failed < 0) return error;
  if (failed <= eventCount) return new ConcurrencyConflict(streamId);
  const view = views[failed - eventCount - 1];
  if (view) return view.onConditionFailed?.() ?? conflict(`A concurrent change to ${describeItem(view.item)} conflicted with this one`);
  return hasIdempotency ? new IdempotencyRace() : error;
}

function describeItem(item: TransactItem): string {
  const operation = item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck;
  const key = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key ?? {};
  return `${operation?.TableName ?? 'a table'} item ${String(key.pk ?? key.streamId ?? '?')}`;
}
