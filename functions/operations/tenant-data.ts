import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { BatchWriteCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import type { StoredEvent } from '../../events/envelope';
import { personSubject, projectClientSubject } from '../../events/personal-data';
import { parseStreamId } from '../../events/streams';
import { dynamo } from '../adapters/dynamo';
import { getArchiveObject, tenantArchiveKeys } from '../archive/archive-bucket';
import { decodeArchive } from '../archive/archive-document';
import { s3 } from '../adapters/s3';
import { config } from '../config';
import { originalKeyOf, thumbnailKeyOf, UPLOADS_PREFIX } from '../objects/object-keys';
import { defaultKeyring } from '../personal-data/person-keys';
import { bucketKeysOf, photoPathsPublishedBy, uploadRecordsOf } from '../people/uploaded-photos';
import { liveProjectViews } from '../projections/rebuild';
import { batchWriteAll, deleteRequests } from '../store/batch-write';
import { stateKeys } from '../store/keys';
import { changingViews } from '../store/view-generation';
import { scanAll } from '../store/scan-all';
import { eventsTable, stateTable } from '../tables';
import { CALLS_IN_FLIGHT } from '../adapters/bounded-clients';

/**
 * Everything of one tenant (a contractor: their account and every project they made, with its
 * items, chat, checkpoints and live connections), for `npm run tenant:export` and
 * `tenant:offboard`. An operator's tool, not a request path: it finds the tenant's events with a
 * parallel scan (no index is kept by tenant), then every state item through the ids those events
 * name, and the objects the tenant's account uploaded (functions/people/uploaded-photos.ts). A
 * client of the tenant's projects keeps their own account (it is theirs, and may belong to other
 * tenants' projects too), and so the photos it uploaded.
 */

export interface TenantData {
  events: StoredEvent[];
  /** State-table items (views, stream heads, the account, sessions, tokens, connections, checkpoints, uploads). */
  state: Record<string, unknown>[];
  /** Objects in the uploads bucket the tenant's account uploaded: its pending uploads and the photos it published. */
  objects: Array<{ key: string; bytes: number }>;
  /** Its closed projects' archives (issue 31: archive bucket keys); their events are in `events` too. */
  archives: string[];
}

async function tenantEvents(tenantId: string): Promise<StoredEvent[]> {
  const events = await scanAll<StoredEvent>({ TableName: config().eventsTable, FilterExpression: 'tenantId = :tenant', ExpressionAttributeValues: { ':tenant': tenantId } });
  return events.sort((a, b) => a.streamId.localeCompare(b.streamId) || a.version - b.version);
}

async function query(input: { pk: string } | { gsi1pk: string }): Promise<Record<string, unknown>[]> {
  const byIndex = 'gsi1pk' in input;
  const items: Record<string, unknown>[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: config().stateTable,
      ...(byIndex ? { IndexName: stateTable.indexes.gsi1.name } : { ConsistentRead: true }),
      KeyConditionExpression: byIndex ? 'gsi1pk = :pk' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': byIndex ? input.gsi1pk : input.pk },
    },
  );
  for await (const page of pages) items.push(...((page.Items ?? []) as Record<string, unknown>[]));
  return items;
}

/** The state partitions (and gsi1 lists) the tenant's events and account name. */
function partitionsOf(tenantId: string, events: readonly StoredEvent[]): Array<{ pk: string } | { gsi1pk: string }> {
  const pks = new Set<string>();
  const lists = new Set<string>();
  const add = (key: { pk: string }) => pks.add(key.pk);
  add(stateKeys.user(tenantId));
  add(stateKeys.userSession(tenantId));
  add(stateKeys.idempotency(tenantId, ''));
  add(stateKeys.pendingUploads(tenantId));
  add(stateKeys.userConnection(tenantId, ''));
  // Issue 31: its tenant record, its months of usage, its rate buckets (its own, and its clients' share: `<id>/clients`, functions/usage/fair-share.ts).
  add(stateKeys.tenant(tenantId));
  add(stateKeys.tenantUsage(tenantId, ''));
  add(stateKeys.rateBucket(tenantId, ''));
  add(stateKeys.rateBucket(`${tenantId}/clients`, ''));
  lists.add(stateKeys.userSessions(tenantId));
  lists.add(stateKeys.userTokens(tenantId));
  for (const event of events) {
    add(stateKeys.streamHead(event.streamId));
    const data = (event.data ?? {}) as { roomId?: string; messageId?: string };
    if (event.projectId) {
      add(stateKeys.projectSummary(event.projectId));
      add(stateKeys.chatMessage(event.projectId, ''));
      add(stateKeys.auditCheckpoint(event.projectId, ''));
      lists.add(stateKeys.projectConnections(event.projectId));
    }
    if (event.type === 'RoomAdded' && data.roomId) add(stateKeys.roomPointer(data.roomId));
    if (event.type === 'MessagePosted' && data.messageId) add(stateKeys.messagePointer(data.messageId));
    const stream = parseStreamId(event.streamId);
    if (stream?.kind === 'item') add(stateKeys.itemPointer(stream.id));
  }
  return [...[...pks].map((pk) => ({ pk })), ...[...lists].map((gsi1pk) => ({ gsi1pk }))];
}

async function listObjects(prefix: string): Promise<Array<{ key: string; bytes: number }>> {
  const found: Array<{ key: string; bytes: number }> = [];
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: config().uploadsBucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) found.push({ key: object.Key, bytes: object.Size ?? 0 });
    token = page.NextContinuationToken;
  } while (token);
  return found;
}

export async function collectTenant(tenantId: string): Promise<TenantData> {
  // An archived project's events are in its archive (issue 31): they are the tenant's as much as the table's, and
  // name the partitions (its tombstone, its items' pointers) and the personal-data keys that go with them.
  const archives = await tenantArchiveKeys(tenantId);
  const archived = await pMap(archives, async (key) => decodeArchive(await getArchiveObject(key)).streams.flatMap((stream) => stream.events as StoredEvent[]), { concurrency: CALLS_IN_FLIGHT });
  const events = [...(await tenantEvents(tenantId)), ...archived.flat()];
  const found = (await pMap(partitionsOf(tenantId, events), query, { concurrency: CALLS_IN_FLIGHT })).flat();
  // The e-mail guard, named by the account's address.
  const user = found.find((item) => item.pk === stateKeys.user(tenantId).pk);
  // Only what the tenant's account uploaded: a path in its events or chat may be another tenant's photo.
  const accounts = new Set([tenantId]);
  const records = await uploadRecordsOf(accounts);
  const pending = await listObjects(`${UPLOADS_PREFIX}${tenantId}/`);
  const ownPhotos = bucketKeysOf([...photoPathsPublishedBy(accounts, events), ...records.map((record) => record.objectPath)]);
  // Issue 30: each photo's private original and thumbnail go with it, and so does its record.
  const photoKeys = [...ownPhotos].flatMap((key) => [key, originalKeyOf(key), thumbnailKeyOf(key)]);
  const published = (await pMap(photoKeys, async (key) => (await listObjects(key)).filter((object) => object.key === key), { concurrency: CALLS_IN_FLIGHT })).flat();
  found.push(...(await pMap([...ownPhotos], (key) => query({ pk: stateKeys.photo(`/${key}`).pk }), { concurrency: CALLS_IN_FLIGHT })).flat());
  const objects = [...pending, ...published];
  if (typeof user?.email === 'string') found.push(...(await query({ pk: stateKeys.email(user.email).pk })));
  found.push(...records);
  // gsi1 lists repeat items their partitions already gave: one of each.
  const state = [...new Map(found.map((item) => [`${String(item.pk)}\u0000${String(item.sk)}`, item])).values()];
  return { events, state, objects, archives };
}

/**
 * Removes everything collected: events, state items, objects, and the data keys of the tenant's
 * personal values (the contractor's, and their clients' details kept on the projects). Answers
 * what it removed, by kind.
 */
export async function removeTenant(tenantId: string, data: TenantData): Promise<{ events: number; state: number; objects: number; keys: number; archives: number }> {
  const projectIds = new Set(data.events.flatMap((event) => (event.projectId ? [event.projectId] : [])));
  const keys = await defaultKeyring().erase([personSubject(tenantId), ...[...projectIds].map(projectClientSubject)]);
  const eventKeys = data.events.map((event) => ({ table: config().eventsTable, key: { [eventsTable.partitionKey.name]: event.streamId, [eventsTable.sortKey.name]: event.version } }));
  const stateKeysOf = data.state.map((item) => ({ table: config().stateTable, key: { pk: item.pk, sk: item.sk } }));
  await deleteItems([...stateKeysOf, ...eventKeys]);
  // A shadow rebuild of the views running meanwhile (issue 31): the projects go from the generation it builds too.
  await pMap([...projectIds], (projectId) => changingViews(projectId, async () => batchWriteAll(deleteRequests(await liveProjectViews(projectId)))), { concurrency: CALLS_IN_FLIGHT });
  for (let i = 0; i < data.objects.length; i += 1000) {
    const batch = data.objects.slice(i, i + 1000);
    await s3().send(new DeleteObjectsCommand({ Bucket: config().uploadsBucket, Delete: { Objects: batch.map((object) => ({ Key: object.key })), Quiet: true } }));
  }
  for (let i = 0; i < data.archives.length; i += 1000) {
    const batch = data.archives.slice(i, i + 1000);
    await s3().send(new DeleteObjectsCommand({ Bucket: config().archiveBucket, Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true } }));
  }
  return { events: data.events.length, state: data.state.length, objects: data.objects.length, keys, archives: data.archives.length };
}

async function deleteItems(items: Array<{ table: string; key: Record<string, unknown> }>): Promise<void> {
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, (i + 1) * 25));
  await pMap(
    batches,
    async (batch) => {
      let requests: Record<string, Array<{ DeleteRequest: { Key: Record<string, unknown> } }>> = {};
      for (const { table, key } of batch) (requests[table] ??= []).push({ DeleteRequest: { Key: key } });
      // Unprocessed items come back under load: retried until none is left.
      for (let attempt = 0; Object.keys(requests).length; attempt++) {
        if (attempt > 10) throw new Error('DynamoDB kept items unprocessed after 10 retries');
        if (attempt) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt * Math.random()));
        const answer = await dynamo().send(new BatchWriteCommand({ RequestItems: requests }));
        requests = (answer.UnprocessedItems ?? {}) as typeof requests;
      }
    },
    { concurrency: CALLS_IN_FLIGHT },
  );
}
