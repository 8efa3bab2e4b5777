import {
  GetCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { monotonicFactory } from 'ulid';
import { type EventMeta, type NewEvent, type StoredEvent, type StreamPosition } from '../../events/envelope';
import { DomainError, conflict } from '../../events/errors';
import type { EventCatalogue } from '../../events/catalogue-machinery';
import { hashEvent } from '../../events/hash-chain';
import { IDEMPOTENCY_RETENTION_DAYS } from '../../contract/headers';
import { stateKeys } from './keys';
import { eventReads, type Snapshot } from './event-reads';
import { buildGuards, forgetViewGeneration, ViewGenerationChanged } from './view-generation';

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

export { streamHeadOf, type Snapshot, type StreamHead } from './event-reads';

export interface AppendRequest {
  readonly streamId: string;
  readonly expected: StreamPosition;
  /** The aggregate's state after these events, kept on the head (none: the head keeps none). */
  readonly snapshot?: Snapshot;
  readonly events: readonly NewEvent[];
  readonly tenantId: string;
  readonly projectId?: string;
  readonly meta: EventMeta;
  readonly idempotency?: IdempotencyKey & { readonly response: unknown };
}

/**
 * An append made ready to commit: its events as they will be stored (`stored`: personal values
 * sealed, hash-chained) and as views and callers see them (`events`: the same, values plain),
 * from which the caller builds the view writes it commits with them.
 */
export interface PreparedAppend {
  readonly request: AppendRequest;
  readonly stored: readonly StoredEvent[];
  readonly events: StoredEvent[];
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

/**
 * Seals events' personal values before they are hashed and stored, and opens them on reads: the
 * codec the store is given (functions/personal-data/sealing.ts in the app), never one it imports.
 */
export interface PersonalDataCipher {
  seal<E extends Omit<StoredEvent, 'hash'>>(events: readonly E[]): Promise<E[]>;
  open<E extends Pick<StoredEvent, 'data' | 'meta'>>(events: readonly E[]): Promise<E[]>;
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

/**
 * How long an Idempotency-Key's first answer is kept (issue 29): a phone may be a week offline
 * before its outbox replays, and a day to spare. DynamoDB's TTL removes the record after that.
 */
export const IDEMPOTENCY_TTL_SECONDS = IDEMPOTENCY_RETENTION_DAYS * 24 * 60 * 60;
/** DynamoDB's limit on items in one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

export type EventStore = ReturnType<typeof createEventStore>;

export function createEventStore(options: EventStoreOptions) {
  const { client, eventsTableName, stateTableName, catalogue } = options;
  const now = options.now ?? (() => new Date());
  const nextEventId = monotonicFactory();
  const { personalData } = options;
  const reads = eventReads({ ...options, open: personalData && ((events) => personalData.open(events)) });

  /**
   * The request's events as they will be stored (personal values sealed, hashed) and as the
   * views and the caller see them (opened: the same events with the plain values).
   */
  async function prepare(request: AppendRequest): Promise<PreparedAppend> {
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
    return { request, stored, events: stored.map((event, i) => ({ ...unhashed[i]!, prevHash: event.prevHash, hash: event.hash })) };
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

  /** Appends the events (and nothing else); returns them as stored. */
  async function append(request: AppendRequest): Promise<StoredEvent[]> {
    const [events = []] = await commit([{ prepared: await prepare(request) }]);
    return events;
  }

  /**
   * Commits prepared appends, to one stream or several, in one transaction (all or nothing), each
   * with the view writes its caller built from its events, and `shared` writes that belong to
   * none of them alone (a counter several appends move). Returns each append's events as callers
   * see them; an append that decided no event writes nothing.
   */
  async function commit(appends: readonly { readonly prepared: PreparedAppend; readonly views?: readonly ViewWrite[] }[], shared: readonly ViewWrite[] = []): Promise<StoredEvent[][]> {
    const committing = appends.filter(({ prepared }) => prepared.stored.length);
    if (!committing.length) return appends.map(() => []);
    const parts: { item: TransactItem; onFailure: () => unknown }[] = [];
    for (const { prepared: { request, stored }, views = [] } of committing) {
      const conflict = () => new ConcurrencyConflict(request.streamId);
      parts.push({ item: headUpdate(request, stored.at(-1)!), onFailure: conflict });
      for (const event of stored) {
        parts.push({ item: { Put: { TableName: eventsTableName, Item: event, ConditionExpression: 'attribute_not_exists(streamId)' } }, onFailure: conflict });
      }
      parts.push(...views.map(viewPart));
      if (request.idempotency) parts.push({ item: idempotencyPut(request.idempotency), onFailure: () => new IdempotencyRace() });
    }
    parts.push(...shared.map(viewPart));
    // While a shadow build runs (functions/store/view-generation.ts): its guard and the projects' dirty marks.
    const changedGeneration = () => (forgetViewGeneration(), new ViewGenerationChanged());
    parts.push(...buildGuards(committing.flatMap(({ prepared }) => prepared.request.projectId ?? [])).map((item) => ({ item, onFailure: changedGeneration })));
    if (parts.length > MAX_TRANSACTION_ITEMS) {
      throw new Error(`An append of ${parts.length} writes exceeds DynamoDB's ${MAX_TRANSACTION_ITEMS} per transaction`);
    }
    try {
      await client.send(new TransactWriteCommand({ TransactItems: parts.map((part) => part.item), ReturnConsumedCapacity: 'TOTAL' }));
    } catch (error) {
      throw explainCancellation(error, parts, committing[0]!.prepared.request.streamId);
    }
    return appends.map(({ prepared }) => (prepared.stored.length ? prepared.events : []));
  }

  function idempotencyPut(idempotency: NonNullable<AppendRequest['idempotency']>): TransactItem {
    return {
      Put: {
        TableName: stateTableName,
        Item: {
          ...stateKeys.idempotency(idempotency.scope, idempotency.key),
          requestHash: idempotency.requestHash,
          // As JSON text: a replay answers byte for byte what the first request did (a map's keys come back in any order).
          ...(idempotency.response === undefined ? {} : { response: JSON.stringify(idempotency.response) }),
          expiresAt: Math.floor(now().getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }

  /**
   * The first answer to this key, if it was used before for the same request (`response` may be
   * absent: an answer with no body); undefined when it was not used, or its record expired.
   */
  async function idempotentResponse(key: IdempotencyKey): Promise<{ readonly response: unknown } | undefined> {
    const { Item } = await client.send(
      new GetCommand({ TableName: stateTableName, Key: stateKeys.idempotency(key.scope, key.key), ConsistentRead: true }),
    );
    return Item && answerOfRecord(Item, key, now());
  }

  return { prepare, commit, append, idempotentResponse, ...reads };
}

/**
 * An idempotency record's first answer for this request (see idempotentResponse); the http layer
 * reads the record with the session and asks the same.
 */
export function answerOfRecord(record: Record<string, unknown>, key: IdempotencyKey, at: Date): { readonly response: unknown } | undefined {
  // DynamoDB deletes expired items lazily (up to days later): ignore them ourselves.
  if ((record.expiresAt as number) * 1000 < at.getTime()) return undefined;
  if (record.requestHash !== key.requestHash) {
    throw new DomainError('unprocessable', 'Idempotency-Key: this key was already used for a different request');
  }
  // Records written before answers were kept as text hold the answer itself.
  return { response: typeof record.response === 'string' ? JSON.parse(record.response) : record.response };
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
