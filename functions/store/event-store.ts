import {
  GetCommand,
  paginateQuery,
  paginateScan,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { monotonicFactory } from 'ulid';
import { streamStart, type EventMeta, type NewEvent, type StoredEvent, type StreamPosition } from '../../events/envelope';
import { DomainError, conflict } from '../../events/errors';
import type { EventCatalogue } from '../../events/catalogue-machinery';
import { hashEvent } from '../../events/hash-chain';
import type { PersonalDataCipher } from '../people/sealing';
import { eventsTable } from '../tables';
import { stateKeys } from './keys';

/**
 * The DynamoDB event store.
 *
 * An append is one TransactWriteItems:
 *
 *   Update stream head   if head.version = expected.version and head.hash = expected.hash
 *                        (or the head does not exist when expected.version = 0)
 *   Put event v+1 … v+n  if that version does not exist yet
 *   the caller's view updates (their own conditions)
 *   Put idempotency record, if the request carried a key, if it does not exist yet
 *
 * (repeated per stream when several streams are appended to at once, then the shared writes).
 *
 * The head makes the versions strictly sequential (a writer that read version 7 can only write 8),
 * carries the hash the next event links to, and lets the verifier notice a removed last event.
 * For an aggregate that keeps snapshots it also holds the state after its last event, written by
 * the same update, so a command loads the aggregate from this one item instead of folding the
 * stream (the fold stays the verification path: verify.ts compares the two). An append without a
 * snapshot removes the one there, so a stale snapshot can never be read.
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

/** A stream head as stored: its position, owner and, for a snapshotting aggregate, the state at that position. */
export interface StreamHead extends StreamPosition {
  readonly projectId?: string;
  readonly tenantId?: string;
  readonly snapshot?: Snapshot;
}

/** An aggregate's state after the head's event; `schema` says which shape of state it is. */
export interface Snapshot {
  readonly schema: number;
  readonly state: unknown;
}

/** The head record's fields as a StreamHead (version 0 when there is none). */
export function streamHeadOf(item: Record<string, unknown> | undefined): StreamHead {
  if (!item) return streamStart;
  const { version, hash, projectId, tenantId, snapshot } = item as { version: number; hash: string; projectId?: string; tenantId?: string; snapshot?: Snapshot };
  return { version, hash, projectId, tenantId, ...(snapshot ? { snapshot } : {}) };
}

export interface AppendRequest {
  readonly streamId: string;
  readonly expected: StreamPosition;
  /** The aggregate's state after these events, kept on the head (none: the head keeps none). */
  readonly snapshot?: Snapshot;
  readonly events: readonly NewEvent[];
  readonly tenantId: string;
  readonly projectId?: string;
  readonly meta: EventMeta;
  /** View updates to commit with the events, built from the events as they will be stored. */
  readonly views?: (events: readonly StoredEvent[]) => readonly ViewWrite[] | Promise<readonly ViewWrite[]>;
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
  /**
   * Seals personal values before they are hashed and stored, and opens them on reads (but the raw
   * ones). Without it events are stored as given (the store's own tests, benches).
   */
  readonly personalData?: PersonalDataCipher;
}

const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** DynamoDB's limit on items in one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

export type EventStore = ReturnType<typeof createEventStore>;

export function createEventStore(options: EventStoreOptions) {
  const { client, eventsTableName, stateTableName, catalogue } = options;
  const now = options.now ?? (() => new Date());
  const nextEventId = monotonicFactory();
  const { personalData } = options;
  const opened = async (events: StoredEvent[]) => (personalData ? personalData.open(events) : events);

  /**
   * The request's events as they will be stored (personal values sealed, hashed) and as the
   * views and the caller see them (opened: the same events with the plain values).
   */
  async function prepare(request: AppendRequest): Promise<{ stored: StoredEvent[]; plain: StoredEvent[] }> {
    // Through JSON so that what is hashed is exactly what DynamoDB will hand back.
    const unhashed: Omit<StoredEvent, 'hash'>[] = request.events.map((event, i) => {
      const { schemaVersion, data } = catalogue.prepare(event);
      return JSON.parse(
        JSON.stringify({
          streamId: request.streamId,
          version: request.expected.version + 1 + i,
          eventId: nextEventId(),
          type: event.type,
          schemaVersion,
          data,
          tenantId: request.tenantId,
          projectId: request.projectId,
          meta: request.meta,
          prevHash: '',
        }),
      );
    });
    const sealed = personalData ? await personalData.seal(unhashed) : unhashed;
    let prevHash = request.expected.hash;
    const stored = sealed.map((event) => {
      const linked = { ...event, prevHash };
      const hashed = { ...linked, hash: hashEvent(linked) };
      prevHash = hashed.hash;
      return hashed;
    });
    return { stored, plain: stored.map((event, i) => ({ ...unhashed[i]!, prevHash: event.prevHash, hash: event.hash })) };
  }

  function headUpdate(request: AppendRequest, last: StoredEvent): TransactItem {
    const isNew = request.expected.version === 0;
    return {
      Update: {
        TableName: stateTableName,
        Key: stateKeys.streamHead(request.streamId),
        UpdateExpression: 'SET #version = :version, #hash = :hash, streamId = :streamId, tenantId = :tenantId, updatedAt = :at'
          + (request.projectId ? ', projectId = :projectId' : '')
          + (request.snapshot ? ', #snapshot = :snapshot' : ' REMOVE #snapshot'),
        ConditionExpression: isNew ? 'attribute_not_exists(pk)' : '#version = :expectedVersion AND #hash = :expectedHash',
        ExpressionAttributeNames: { '#version': 'version', '#hash': 'hash', '#snapshot': 'snapshot' },
        ExpressionAttributeValues: {
          ':version': last.version,
          ':hash': last.hash,
          ':streamId': request.streamId,
          ':tenantId': request.tenantId,
          ':at': last.meta.at,
          ...(request.projectId ? { ':projectId': request.projectId } : {}),
          ...(request.snapshot ? { ':snapshot': request.snapshot } : {}),
          ...(isNew ? {} : { ':expectedVersion': request.expected.version, ':expectedHash': request.expected.hash }),
        },
      },
    };
  }

  /** Appends the events and their view updates atomically; returns the events as stored. */
  async function append(request: AppendRequest): Promise<StoredEvent[]> {
    const [events = []] = await appendAll([request]);
    return events;
  }

  /**
   * Appends to several streams in one transaction (all or nothing), with `shared` writes that
   * belong to none of them alone (a counter several appends move), built after every request's
   * own views. Returns each request's events.
   */
  async function appendAll(requests: readonly AppendRequest[], shared: () => readonly ViewWrite[] = () => []): Promise<StoredEvent[][]> {
    const prepared = (await Promise.all(requests.map(async (request) => ({ request, ...(await prepare(request)) })))).filter(({ stored }) => stored.length);
    if (!prepared.length) return requests.map(() => []);
    const parts: { item: TransactItem; onFailure: () => unknown }[] = [];
    for (const { request, stored, plain } of prepared) {
      const conflict = () => new ConcurrencyConflict(request.streamId);
      parts.push({ item: headUpdate(request, stored.at(-1)!), onFailure: conflict });
      for (const event of stored) {
        parts.push({ item: { Put: { TableName: eventsTableName, Item: event, ConditionExpression: 'attribute_not_exists(streamId)' } }, onFailure: conflict });
      }
      for (const view of (await request.views?.(plain)) ?? []) parts.push(viewPart(view));
      if (request.idempotency) parts.push({ item: idempotencyPut(request.idempotency), onFailure: () => new IdempotencyRace() });
    }
    parts.push(...shared().map(viewPart));
    if (parts.length > MAX_TRANSACTION_ITEMS) {
      throw new Error(`An append of ${parts.length} writes exceeds DynamoDB's ${MAX_TRANSACTION_ITEMS} per transaction`);
    }
    try {
      await client.send(new TransactWriteCommand({ TransactItems: parts.map((part) => part.item), ReturnConsumedCapacity: 'TOTAL' }));
    } catch (error) {
      throw explainCancellation(error, parts, prepared[0]!.request.streamId);
    }
    const byRequest = new Map(prepared.map(({ request, plain }) => [request, plain]));
    return requests.map((request) => byRequest.get(request) ?? []);
  }

  function idempotencyPut(idempotency: NonNullable<AppendRequest['idempotency']>): TransactItem {
    return {
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
    };
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

  async function* queryPages(input: QueryCommandInput) {
    for await (const page of paginateQuery({ client }, input)) yield (page.Items ?? []) as StoredEvent[];
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

  /** A stream's events, personal values opened, upcast to the current schema versions. */
  async function readStream(streamId: string, range: { from?: number; to?: number } = {}): Promise<StoredEvent[]> {
    return (await opened(await readRawStream(streamId, range))).map((event) => catalogue.upcast(event));
  }

  /** Where the stream stands (version 0 when it has no events), with its snapshot if it keeps one. */
  async function readHead(streamId: string): Promise<StreamHead> {
    const { Item } = await client.send(
      new GetCommand({ TableName: stateTableName, Key: stateKeys.streamHead(streamId), ConsistentRead: true }),
    );
    return streamHeadOf(Item);
  }

  /**
   * A project's events across all its streams, in time order (eventId is a ULID). Read from a
   * GSI, so eventually consistent: for history and replay, not for deciding.
   */
  async function readProjectEvents(projectId: string): Promise<StoredEvent[]> {
    return (await opened(await readRawProjectEvents(projectId))).map((event) => catalogue.upcast(event));
  }

  /**
   * A project's events as stored (no upcasting), in time order, for an audit export; or with
   * `streamsOnly` just each event's stream and version (to find the project's streams). From the
   * GSI, so it may lag the newest events: readers complete each stream up to its head.
   */
  async function readRawProjectEvents(projectId: string, options: { streamsOnly?: boolean } = {}): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    const index = eventsTable.indexes.byProject;
    const pages = queryPages({
      TableName: eventsTableName,
      IndexName: index.name,
      KeyConditionExpression: '#projectId = :projectId',
      ExpressionAttributeNames: { '#projectId': index.partitionKey.name, ...(options.streamsOnly ? { '#version': 'version' } : {}) },
      ExpressionAttributeValues: { ':projectId': projectId },
      ...(options.streamsOnly ? { ProjectionExpression: 'streamId, #version' } : {}),
    });
    for await (const page of pages) events.push(...page);
    return events;
  }

  /** Every stored event, as stored, page by page (for the verifier and full rebuilds). */
  async function* scanAllRaw(): AsyncGenerator<StoredEvent[]> {
    for await (const page of paginateScan({ client }, { TableName: eventsTableName, ConsistentRead: true })) yield (page.Items ?? []) as StoredEvent[];
  }

  /** The id of every project that has events: a scan of that one attribute, in parallel segments. */
  async function scanProjectIds(segments = 4): Promise<Set<string>> {
    const ids = new Set<string>();
    await Promise.all(
      Array.from({ length: segments }, async (_, Segment) => {
        const pages = paginateScan({ client }, { TableName: eventsTableName, ProjectionExpression: 'projectId', Segment, TotalSegments: segments });
        for await (const page of pages) for (const item of page.Items ?? []) if (typeof item.projectId === 'string') ids.add(item.projectId);
      }),
    );
    return ids;
  }

  return { append, appendAll, idempotentResponse, readStream, readRawStream, opened, readHead, readProjectEvents, readRawProjectEvents, scanAllRaw, scanProjectIds };
}

const viewPart = (view: ViewWrite) => ({
  item: view.item,
  onFailure: () => view.onConditionFailed?.() ?? conflict(`A concurrent change to ${describeItem(view.item)} conflicted with this one`),
});

/** Turns a cancelled transaction into the error that says which part failed and why. */
function explainCancellation(error: unknown, parts: readonly { onFailure: () => unknown }[], firstStream: string): unknown {
  if (!(error instanceof TransactionCanceledException)) return error;
  const reasons = error.CancellationReasons ?? [];
  // Another transaction touching the same items was in flight: same remedy as a version conflict.
  if (reasons.some((reason) => reason.Code === 'TransactionConflict')) return new ConcurrencyConflict(firstStream);
  const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
  return failed >= 0 && parts[failed] ? parts[failed].onFailure() : error;
}

function describeItem(item: TransactItem): string {
  const operation = item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck;
  const key = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key ?? {};
  return `${operation?.TableName ?? 'a table'} item ${String(key.pk ?? key.streamId ?? '?')}`;
}
