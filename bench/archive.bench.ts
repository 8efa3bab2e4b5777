/**
 * `npm run bench:archive`: what archiving closed projects saves in the tables (issue 31).
 *
 * One tenant with BENCH_PROJECTS projects (default 1,000), BENCH_ARCHIVED_SHARE of them completed
 * (default 0.8): its hot bytes (events, stream heads and views in DynamoDB, each item sized by
 * DynamoDB's rules: attribute names plus values, as it bills storage and reads) before and after
 * `archiveClosedProjects`, and what went to the archive bucket instead (gzip objects, cold).
 *
 * Seeding 1,000 projects through the API would take long (and the plan's quota allows 25 active
 * ones): two projects are made through the API (one left active, one completed, each with the
 * template's rooms and items, BENCH_FLAGS flag changes and a chat message), and each of the others
 * is a copy of one of them with fresh ids: its events re-chained (hash and prevHash recomputed, so
 * they verify like any others), its heads and views copied, all by BatchWriteItem. Runs its own
 * local cloud. Prints; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { registered, templateProject } from './signed-in-api';
import type { StoredEvent } from '../events/envelope';
import { hashEvent } from '../events/hash-chain';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1000);
const ARCHIVED_SHARE = Number(process.env.BENCH_ARCHIVED_SHARE ?? 0.8);
const FLAGS = Number(process.env.BENCH_FLAGS ?? 12);

const repoRoot = join(import.meta.dirname, '..');
const cloud = await startLocalCloud({ port: 0, notifier: false });
// After the cloud has set the environment the modules read.
const { dynamo } = await import('../functions/adapters/dynamo');
const { s3 } = await import('../functions/adapters/s3');
const { config } = await import('../functions/config');
const { eventStore } = await import('../functions/commands/event-store');
const { liveProjectViews } = await import('../functions/projections/rebuild');
const { projectStreams } = await import('../functions/audit/project-streams');
const { getStateItems } = await import('../functions/store/view-table');
const { stateKeys } = await import('../functions/store/keys');
const { archiveClosedProjects } = await import('../functions/archive/archive-project');

type Item = Record<string, unknown>;

/** An item's size as DynamoDB counts it: each attribute's name and value (numbers ~1 byte per 2 digits + 1; maps and lists 3 bytes + 1 per element). */
function valueBytes(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(Math.abs(value)).replace(/[.-]/g, '').replace(/^0+/, '').length / 2) + 1;
  if (value instanceof Uint8Array) return value.length;
  if (value instanceof Set) return [...value].reduce((sum, member) => sum + valueBytes(member), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, member) => sum + 1 + valueBytes(member), 0);
  if (typeof value === 'object') return 3 + Object.entries(value as Item).reduce((sum, [name, member]) => sum + Buffer.byteLength(name) + 1 + valueBytes(member), 0);
  return 0;
}
const itemBytes = (item: Item) => Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + valueBytes(value), 0);

/** Every item of a table, page by page, summed by kind (its own client, in small pages: the app's gives a request 9 s, which a 1 MB page of DynamoDB Local on 2 busy cores may exceed). */
const scanner = DynamoDBDocumentClient.from(new DynamoDBClient({}));
async function tally(TableName: string, kindOf: (item: Item) => string) {
  const sums = new Map<string, { items: number; bytes: number }>();
  for await (const page of paginateScan({ client: scanner, pageSize: 500 }, { TableName })) {
    for (const item of page.Items ?? []) {
      const kind = kindOf(item);
      const sum = sums.get(kind) ?? { items: 0, bytes: 0 };
      sum.items++;
      sum.bytes += itemBytes(item);
      sums.set(kind, sum);
    }
  }
  return sums;
}

/** Hot bytes: events; stream heads; the views (everything in a project, room, item or chat partition); the rest (accounts, sessions, checkpoints…). */
async function hotBytes() {
  const events = await tally(config().eventsTable, () => 'events');
  const state = await tally(config().stateTable, (item) => {
    const pk = String(item.pk);
    if (pk.startsWith('stream#')) return 'stream heads';
    if (/^(g\d+\/)?(project|room|item|chat|chat-message)#/.test(pk)) return 'views';
    return 'other state';
  });
  return new Map([...events, ...state]);
}

async function batchPut(TableName: string, items: readonly Item[]) {
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, (i + 1) * 25));
  await pMap(
    batches,
    async (batch) => {
      let pending: unknown[] = batch.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [TableName]: pending as never } }));
        pending = UnprocessedItems?.[TableName] ?? [];
      }
    },
    { concurrency: 8 },
  );
}

/** A project's rows as stored: its streams' events, their heads, its views. */
async function rowsOf(projectId: string) {
  const streams = await projectStreams(eventStore(), projectId);
  const heads = (await getStateItems(streams.map((stream) => stateKeys.streamHead(stream.streamId)))).filter(Boolean) as Item[];
  return { streams, heads, views: await liveProjectViews(projectId) };
}

/** A copy of the project's rows under fresh ids (project, rooms, items, messages, events), its events re-chained. */
function copyOf(rows: Awaited<ReturnType<typeof rowsOf>>, projectId: string) {
  const ids = new Set<string>([projectId]);
  for (const stream of rows.streams) {
    ids.add(stream.streamId.slice(stream.streamId.indexOf('#') + 1));
    for (const event of stream.events) {
      ids.add(event.eventId);
      for (const id of JSON.stringify(event.data).match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? []) ids.add(id);
    }
  }
  for (const view of rows.views) if (typeof view.id === 'string') ids.add(view.id);
  ids.delete(String(rows.views.find((view) => view.sk === 'summary')?.contractorId));
  const fresh = new Map([...ids].map((id) => [id, id.length === 26 ? `${id.slice(0, 10)}${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}` : randomUUID()]));
  const pattern = new RegExp([...ids].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const swap = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(pattern, (id) => fresh.get(id)!));
  const events: Item[] = [];
  const lastHash = new Map<string, string>();
  for (const stream of swap(rows.streams)) {
    let prevHash = stream.events[0]?.prevHash ?? '';
    for (const event of stream.events as StoredEvent[]) {
      const { hash: _copied, ...linked } = { ...event, prevHash };
      prevHash = hashEvent(linked);
      events.push({ ...linked, hash: prevHash });
    }
    lastHash.set(stream.streamId, prevHash);
  }
  const heads = swap(rows.heads).map((head) => ({ ...head, hash: lastHash.get(String(head.streamId)) ?? head.hash }));
  return { events, heads, views: swap(rows.views) as Item[] };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  const { api } = await registered(cloud, 'contractor');
  const templates: Awaited<ReturnType<typeof rowsOf>>[] = [];
  for (const closed of [false, true]) {
    const { project, items } = await templateProject(api, closed ? 'Closed template' : 'Active template');
    for (let i = 0; i < FLAGS; i++) await api('PATCH', `/api/checklist-items/${items[i % items.length]!.id}`, { [i % 2 ? 'purchasesMade' : 'contractorCompleted']: i % 4 < 2 });
    await api('POST', '/api/chat', { projectId: project.id, message: 'Handover on Friday at nine.' });
    if (closed) await api('PATCH', `/api/projects/${project.id}`, { status: 'completed' });
    templates.push(await rowsOf(project.id));
  }
  const archivedCount = Math.round(PROJECTS * ARCHIVED_SHARE);
  process.stdout.write(`Seeding ${PROJECTS} projects (${archivedCount} completed) …`);
  const started = performance.now();
  await pMap(
    Array.from({ length: PROJECTS - 2 }, (_, i) => i),
    async (i) => {
      const template = templates[i < archivedCount - 1 ? 1 : 0]!;
      const projectId = String(template.views.find((view) => view.sk === 'summary')!.id);
      const copy = copyOf(template, projectId);
      await Promise.all([batchPut(config().eventsTable, copy.events), batchPut(config().stateTable, [...copy.heads, ...copy.views])]);
    },
    { concurrency: 4 },
  );
  console.log(` done in ${((performance.now() - started) / 1000).toFixed(0)} s.`);

  const before = await hotBytes();
  const archiving = performance.now();
  const outcomes = await archiveClosedProjects({ days: 0, settleMs: 0, concurrency: 4 });
  const seconds = (performance.now() - archiving) / 1000;
  const after = await hotBytes();
  const archived = outcomes.filter((outcome) => outcome.result === 'archived');
  const failed = outcomes.filter((outcome) => outcome.result === 'failed');
  let cold = 0;
  let objects = 0;
  for (let token: string | undefined, first = true; first || token; first = false) {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: config().archiveBucket, Prefix: 'archive/', ContinuationToken: token }));
    for (const object of page.Contents ?? []) (cold += object.Size ?? 0), objects++;
    token = page.NextContinuationToken;
  }

  const total = (sums: Map<string, { bytes: number }>, kinds = ['events', 'stream heads', 'views']) => kinds.reduce((sum, kind) => sum + (sums.get(kind)?.bytes ?? 0), 0);
  console.log(`Archive — ${new Date().toISOString()} — node ${process.version} — ${repoRoot} — DynamoDB Local, s3rver, 2 cores`);
  console.table(
    ['events', 'stream heads', 'views', 'other state'].map((kind) => ({
      kind,
      'items before': before.get(kind)?.items ?? 0,
      'bytes before': kb(before.get(kind)?.bytes ?? 0),
      'items after': after.get(kind)?.items ?? 0,
      'bytes after': kb(after.get(kind)?.bytes ?? 0),
    })),
  );
  const hotBefore = total(before);
  const hotAfter = total(after);
  const all = ['events', 'stream heads', 'views', 'other state'];
  console.log(`Hot bytes (events + heads + views): ${mb(hotBefore)} before, ${mb(hotAfter)} after: ${((1 - hotAfter / hotBefore) * 100).toFixed(1)}% less (${archived.length} of ${PROJECTS} projects archived, ${failed.length} failed${failed.length ? `: ${failed[0]!.reason}` : ''}).`);
  // Other state grows: each archived project's checkpoint is recorded with its checkpoints (a JWS over every head).
  console.log(`All of the tables (with accounts, sessions, recorded checkpoints): ${mb(total(before, all))} before, ${mb(total(after, all))} after: ${((1 - total(after, all) / total(before, all)) * 100).toFixed(1)}% less.`);
  console.log(`Cold: ${objects} gzip objects, ${mb(cold)} in the archive bucket (${((cold / Math.max(1, hotBefore - hotAfter)) * 100).toFixed(0)}% of the bytes they took in the tables). Archiving took ${seconds.toFixed(0)} s (${(archived.length / seconds).toFixed(1)} projects/s).`);
} finally {
  await cloud.stop();
}
process.exit(0);
