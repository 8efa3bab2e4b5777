import { setTimeout as sleep } from 'node:timers/promises';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import { createHash } from 'node:crypto';
import type { AuditStream, RecordedCheckpoint, StreamHeadEntry } from '../../contract/audit';
import { verifyAuditRecord } from '../../events/audit-verification';
import { parseStreamId, projectStreamId } from '../../events/streams';
import { dynamo } from '../adapters/dynamo';
import { checkpointSigner, publishedKeys } from '../audit/audit-key';
import { projectStreams } from '../audit/project-streams';
import { eventStore } from '../commands/event-store';
import { config } from '../config';
import type { ProjectSummaryView } from '../projections/project-views';
import { liveProjectViews } from '../projections/rebuild';
import { recordCheckpointIfMoved } from '../store/audit-checkpoints';
import { batchWriteAll, deleteRequests } from '../store/batch-write';
import { stateKeys } from '../store/keys';
import { scanAll } from '../store/scan-all';
import { getStateItems } from '../store/view-table';
import { keyId } from '../store/write-set';
import { archiveKey, decodeArchive, encodeArchive, eventCount, type ArchiveDocument, type ArchivedMark } from './archive-document';
import { deleteArchiveObject, getArchiveObject, putArchiveObject } from './archive-bucket';
import { closedSince, closedStatuses } from './closed-since';

/**
 * Archiving a closed project (issue 31): its events, stream heads and views leave the tables for
 * one compressed object in the archive bucket; its summary stays as a tombstone (`archived`), so
 * lists still show it and reads open the archive (archived-reads.ts).
 *
 *   1. mark the summary `archiving` (if still closed and not marked): writes now answer 409
 *   2. wait `settleMs`: a write that passed its check before the mark has committed by then
 *   3. read every stream (events as stored) and head, sign a checkpoint over the heads (recorded
 *      with the project's checkpoints, so later exports pin these chains)
 *   4. put the object, read it back, verify its chains and checkpoint, compare with what was read
 *   5. the tombstone: `archived: { at, key, events, bytes }` replaces the mark
 *   6. delete views (not the summary), heads, then events
 *
 * A failure before 5 removes the mark and the object: the project stays as it was. After 5, the
 * archive is complete and verified: a crash in 6 leaves rows a rerun of `restore` tolerates.
 */

export interface ArchiveOutcome {
  readonly projectId: string;
  readonly tenantId?: string;
  readonly result: 'archived' | 'skipped' | 'failed';
  readonly reason?: string;
  readonly key?: string;
  readonly events?: number;
  readonly bytes?: number;
}

export interface ArchiveOptions {
  /** Closed for more than this many days (default config().archiveAfterDays). */
  readonly days?: number;
  /** Only these projects (still only if closed long enough). */
  readonly projectIds?: readonly string[];
  readonly now?: Date;
  /** The wait of step 2: at least the longest request (the Lambda timeout in AWS). */
  readonly settleMs?: number;
  readonly concurrency?: number;
}

/** Default wait after marking: a product request is over well within 30 s (the API's timeout). */
export const DEFAULT_SETTLE_MS = 30_000;

const summaryKey = (projectId: string) => stateKeys.projectSummary(projectId);

/** Summaries of closed, unarchived projects: an operator's scan (no route scans a table), filtered on the server. */
async function closedSummaries(): Promise<ProjectSummaryView[]> {
  const items = await scanAll<ProjectSummaryView & { pk: string }>({
    TableName: config().stateTable,
    // Small pages: each is one request, bounded in time like every other (adapters/bounded-clients.ts).
    Limit: 1000,
    FilterExpression: 'sk = :sk AND #status IN (:completed, :cancelled) AND attribute_not_exists(archived)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':sk': summaryKey('').sk, ':completed': closedStatuses[0], ':cancelled': closedStatuses[1] },
  });
  // Only the live views' summaries (a shadow generation's are not the project's record).
  return items.filter((item) => item.pk === summaryKey(item.id).pk);
}

async function candidates(options: ArchiveOptions): Promise<{ summaries: ProjectSummaryView[]; unknown: string[] }> {
  if (!options.projectIds) return { summaries: await closedSummaries(), unknown: [] };
  const ids = [...new Set(options.projectIds)];
  const found = await chunked(ids.map(summaryKey), (keys) => getStateItems<ProjectSummaryView[]>(keys));
  return { summaries: found.filter((summary): summary is ProjectSummaryView => !!summary), unknown: ids.filter((_, at) => !found[at]) };
}

/** Archives every project closed for more than `days` days (or the named ones, if so). */
export async function archiveClosedProjects(options: ArchiveOptions = {}): Promise<ArchiveOutcome[]> {
  const days = options.days ?? config().archiveAfterDays;
  const cutoff = new Date((options.now ?? new Date()).getTime() - days * 86_400_000).toISOString();
  const store = eventStore();
  const { summaries, unknown } = await candidates(options);

  // 1. Which are closed long enough (by their events), then mark them all and wait once.
  const marked: ProjectSummaryView[] = [];
  const outcomes: ArchiveOutcome[] = unknown.map((projectId) => ({ projectId, result: 'skipped', reason: 'no such project' }));
  await pMap(
    summaries,
    async (summary) => {
      const skip = (reason: string) => outcomes.push({ projectId: summary.id, tenantId: summary.contractorId, result: 'skipped', reason });
      if ((summary as { archived?: unknown }).archived) return skip('already archived');
      const closed = closedSince(await store.readRawStream(projectStreamId(summary.id)));
      if (!closed) return skip(`not completed or cancelled (${summary.status})`);
      if (closed.at > cutoff) return skip(`${closed.status} since ${closed.at}, not more than ${days} days`);
      if (await mark(summary.id, closed.status)) marked.push(summary);
      else skip('changed while being archived');
    },
    { concurrency: options.concurrency ?? 4 },
  );
  if (marked.length) await sleep(options.settleMs ?? DEFAULT_SETTLE_MS);

  const done = await pMap(marked, (summary) => archiveMarked(summary), { concurrency: options.concurrency ?? 4 });
  return [...outcomes, ...done];
}

async function mark(projectId: string, status: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().stateTable,
        Key: summaryKey(projectId),
        UpdateExpression: 'SET archiving = :at',
        // A mark older than an hour is a run that died midway (the project unchanged since: writes were refused): taken over.
        ConditionExpression: 'attribute_exists(pk) AND #status = :status AND attribute_not_exists(archived) AND (attribute_not_exists(archiving) OR archiving < :stale)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':at': new Date().toISOString(), ':status': status, ':stale': new Date(Date.now() - 3_600_000).toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

const unmark = (projectId: string) =>
  dynamo().send(new UpdateCommand({ TableName: config().stateTable, Key: summaryKey(projectId), UpdateExpression: 'REMOVE archiving', ConditionExpression: 'attribute_exists(pk)' }));

const headsOf = (streams: readonly AuditStream[]): StreamHeadEntry[] => streams.map(({ streamId, head }) => ({ streamId, version: head.version, hash: head.hash }));
const digestOf = (heads: readonly StreamHeadEntry[]) => createHash('sha256').update(JSON.stringify(heads)).digest('base64url');

async function archiveMarked(summary: ProjectSummaryView): Promise<ArchiveOutcome> {
  const projectId = summary.id;
  const tenantId = summary.contractorId;
  const key = archiveKey(tenantId, projectId);
  let stored = false;
  let tombstoned = false;
  try {
    const store = eventStore();
    const streams = await projectStreams(store, projectId);
    const heads = headsOf(streams);
    const headItems = (await chunked(heads.map((head) => stateKeys.streamHead(head.streamId)), (keys) => getStateItems(keys))).filter((item) => !!item) as Record<string, unknown>[];
    const closed = closedSince(streams.find((stream) => stream.streamId === projectStreamId(projectId))?.events ?? []);
    if (!closed) throw new Error('no longer closed');
    const archivedAt = new Date().toISOString();
    const checkpoint = await (await checkpointSigner()).sign({ projectId, issuedAt: archivedAt, heads });
    const document: ArchiveDocument = { format: 'construction-checklist/project-archive', formatVersion: 1, projectId, tenantId, archivedAt, closedAt: closed.at, streams, headItems, checkpoint };
    const body = encodeArchive(document);
    await putArchiveObject(key, body);
    stored = true;

    // Read back what the bucket holds and check it as an auditor would, before anything is deleted.
    const problem = await checkArchive(decodeArchive(await getArchiveObject(key)), document);
    if (problem) throw new Error(`the archive read back does not verify: ${problem}`);
    await recordCheckpointIfMoved(projectId, digestOf(heads), { issuedAt: archivedAt, reason: 'archive', jws: checkpoint });

    const archived: ArchivedMark = { at: archivedAt, key, events: eventCount(document), bytes: body.length };
    await dynamo().send(
      new UpdateCommand({
        TableName: config().stateTable,
        Key: summaryKey(projectId),
        UpdateExpression: 'SET archived = :archived REMOVE archiving',
        ConditionExpression: 'attribute_exists(archiving)',
        ExpressionAttributeValues: { ':archived': archived },
      }),
    );
    tombstoned = true;
    await dropFromTables(projectId, streams);
    return { projectId, tenantId, result: 'archived', key, events: archived.events, bytes: archived.bytes };
  } catch (error) {
    // Once the tombstone names the object, the object is the record: it stays, whatever failed after.
    if (tombstoned) return { projectId, tenantId, result: 'failed', key, reason: `archived and verified, but removing its rows from the tables failed (${(error as Error).message}): restore it, or leave it archived` };
    if (stored) await deleteArchiveObject(key).catch(() => {});
    await unmark(projectId).catch(() => {});
    return { projectId, tenantId, result: 'failed', reason: (error as Error).message };
  }
}

/**
 * The object as read back against what was written (or, restoring, against the project's recorded
 * checkpoints, kept in the table: a rewrite of the bucket's copy cannot match those signatures):
 * same streams and heads, chains and checkpoint verifying. Undefined when it holds.
 */
export async function checkArchive(read: ArchiveDocument, expected?: ArchiveDocument, recorded: RecordedCheckpoint[] = []): Promise<string | undefined> {
  if (expected && (read.projectId !== expected.projectId || eventCount(read) !== eventCount(expected) || digestOf(headsOf(read.streams)) !== digestOf(headsOf(expected.streams)))) {
    return 'its streams differ from those read from the table';
  }
  // Without its checkpoint the chains alone would accept events re-chained after an edit.
  if (typeof read.checkpoint !== 'string') return 'it carries no signed checkpoint';
  const verification = await verifyAuditRecord({ projectId: read.projectId, streams: read.streams, checkpoint: read.checkpoint, recordedCheckpoints: recorded }, await publishedKeys());
  return verification.verified ? undefined : verification.failures.slice(0, 3).join('; ');
}

/**
 * Views first, then the heads, then the events. The summary stays (the tombstone), and so do the
 * person-project records (Delete Account finds the projects a person took part in through them)
 * and the items' pointers (an item's history finds its project through its pointer; a write to
 * the item then meets the tombstone: 409).
 */
async function dropFromTables(projectId: string, streams: readonly AuditStream[]): Promise<void> {
  const summary = keyId(summaryKey(projectId));
  const isPersonRecord = (item: Record<string, unknown> & { pk: string; sk: string }) => typeof item.userId === 'string' && keyId(item) === keyId(stateKeys.personProject(item.userId, projectId));
  const pointers = new Set(streams.flatMap(({ streamId }) => (parseStreamId(streamId)?.kind === 'item' ? [keyId(stateKeys.itemPointer(parseStreamId(streamId)!.id))] : [])));
  const isItemPointer = (item: { pk: string; sk: string }) => pointers.has(keyId(item));
  const views = (await liveProjectViews(projectId)).filter((item) => keyId(item) !== summary && !isPersonRecord(item) && !isItemPointer(item));
  await batchWriteAll(deleteRequests([...views, ...streams.map((stream) => stateKeys.streamHead(stream.streamId))]));
  const events = streams.flatMap((stream) => stream.events.map((event) => ({ DeleteRequest: { Key: { streamId: event.streamId, version: event.version } } })));
  await batchWriteAll(events as never, config().eventsTable);
}

async function chunked<Key, Item>(keys: readonly Key[], read: (keys: Key[]) => Promise<readonly Item[]>): Promise<Item[]> {
  const chunks = Array.from({ length: Math.ceil(keys.length / 100) }, (_, i) => keys.slice(i * 100, (i + 1) * 100));
  return (await pMap(chunks, read, { concurrency: 8 })).flat();
}

