import { GetCommand, paginateQuery, paginateScan, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { streamStart, type StoredEvent, type StreamPosition } from '../../events/envelope';
import type { EventCatalogue } from '../../events/catalogue-machinery';
import { eventsTable } from '../tables';
import { stateKeys } from './keys';

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

/**
 * The event store's reads: a stream (strongly consistent, for deciding and verifying), its head,
 * a project's events (from the byProject index, for history and replay), and scans for the
 * operator tools. Personal values are opened on every read but the raw ones.
 */
export function eventReads(options: {
  readonly client: DynamoDBDocumentClient;
  readonly eventsTableName: string;
  readonly stateTableName: string;
  readonly catalogue: EventCatalogue;
  /** Opens sealed personal values (none: events as stored). */
  readonly open?: (events: StoredEvent[]) => Promise<StoredEvent[]>;
}) {
  const { client, eventsTableName, stateTableName, catalogue, open } = options;
  const opened = async (events: StoredEvent[]) => (open ? open(events) : events);

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


  return { opened, readStream, readRawStream, readHead, readProjectEvents, readRawProjectEvents, scanAllRaw, scanProjectIds };
}
