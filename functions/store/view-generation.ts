import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import pMap from 'p-map';
import { conflict } from '../../events/errors';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { queryAll } from './query-all';

/**
 * Generations of the read models (issue 31, `npm run views:rebuild -- --shadow`).
 *
 * Every view key (functions/store/keys.ts: summaries, rooms, items, history, pointers, chat,
 * punch, change orders, person-projects and their gsi keys) belongs to a generation: generation 1
 * is the unprefixed keys every table had before; generation N > 1 prefixes pk and gsi pks with
 * `g<N>/`. Readers use the live one, named by one pointer item; a shadow build writes the next
 * one beside it and switches the pointer over when it has caught up.
 *
 *   pointer  { live, shadow?, phase?: building | switching, build? }   (absent: live = 1)
 *
 *   operator ─ phase building ── wait G ── replay all into M ── replay dirty ── phase switching ── replay dirty, compare ── live = M ── wait G ── drop N
 *   writers  ─ write N ──────────────────── write N + guard check + dirty mark ─── wait ────────────────────────────────── write M ───────────────────
 *
 * G (the grace) ≥ how old a process's copy of the pointer may be (1 s) + the longest request, so
 * that when the replay starts every write carries the guard, and when N is dropped no request
 * still reads it. Outside a build a write costs nothing more (the pointer is read at most once a
 * second per process, not per write).
 *
 * The guard: instead of one ConditionCheck on the pointer item (every write of every tenant in
 * one transaction item: DynamoDB cancels concurrent transactions touching the same item with
 * TransactionConflict, so a build would serialise all writers), each project's writes check one
 * of GUARD_SHARDS guard items, which the builder flips from building to switching before its last
 * catch-up; the dirty marks (one per project: its writes counted) live in the same partitions.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type BuildPhase = 'building' | 'switching';

export interface GenerationPointer {
  readonly live: number;
  readonly shadow?: number;
  readonly phase?: BuildPhase;
  /** The running build's id: names its guard and dirty-mark partitions. */
  readonly build?: string;
  readonly startedAt?: string;
}

/** Guard and dirty-mark partitions per build: spreads the writes of a build over this many partitions and guard items. */
export const GUARD_SHARDS = 16;
/** How old a process's copy of the pointer may be when it reads views. */
export const POINTER_MAX_AGE_MS = 1000;
/** How long a write waits for a switch to finish before answering 409 (a switch replays only what changed in its last seconds). */
const SWITCH_WAIT_MS = 20_000;
const SWITCH_POLL_MS = 150;

/** The pointer, and the build's guard and dirty marks: plain state, never in a generation. */
export const generationKeys = {
  pointer: { pk: 'views-generation#', sk: 'pointer' },
  shard: (build: string, shard: number) => `views-build#${build}#${shard}#`,
  guard: (build: string, shard: number) => ({ pk: generationKeys.shard(build, shard), sk: 'guard' }),
  dirty: (build: string, projectId: string) => ({ pk: generationKeys.shard(build, shardOf(projectId)), sk: `project#${projectId}#` }),
} as const;

export const generationPrefix = (generation: number): string => (generation === 1 ? '' : `g${generation}/`);

/** A write's views were keyed for a generation that is no longer the one to write: run it again (after the switch). */
export class ViewGenerationChanged extends Error {
  constructor() {
    super('The read models switched generation during this write');
    this.name = 'ViewGenerationChanged';
  }
}

interface Pin {
  readonly generation: number;
  readonly prefix: string;
  /** The pointer a writer read before keying its writes: its guard follows it. */
  readonly pointer?: GenerationPointer;
}
const pins = new AsyncLocalStorage<Pin>();
let cached: { pointer: GenerationPointer; readAt: number } | undefined;
let reading: Promise<GenerationPointer> | undefined;
let livePrefix = '';
let liveGeneration = 1;

/**
 * The prefix of view keys here and now: the generation this call is pinned to (a write, the
 * builder), else the live one as this process last read it. A copy older than a second is read
 * again in the background (entry points await `refreshViewGeneration` first).
 */
export function viewPrefix(): string {
  const pin = pins.getStore();
  if (pin) return pin.prefix;
  if (cached && Date.now() - cached.readAt > POINTER_MAX_AGE_MS && !reading) void refreshViewGeneration().catch(() => undefined);
  return livePrefix;
}

/** The generation view keys are in here and now (see viewPrefix): what views replayed in memory are kept under. */
export function viewGeneration(): number {
  viewPrefix();
  return pins.getStore()?.generation ?? liveGeneration;
}

/** The pointer, read again when this process's copy is older than `maxAgeMs` (concurrent callers share one read). */
export async function refreshViewGeneration(maxAgeMs = POINTER_MAX_AGE_MS): Promise<GenerationPointer> {
  if (cached && Date.now() - cached.readAt <= maxAgeMs) return cached.pointer;
  reading ??= readPointer()
    .then((pointer) => {
      cached = { pointer, readAt: Date.now() };
      livePrefix = generationPrefix(pointer.live);
      liveGeneration = pointer.live;
      return pointer;
    })
    .finally(() => (reading = undefined));
  return reading;
}

/** Next read goes to the table (a guard failed: the pointer moved). */
export function forgetViewGeneration(): void {
  cached = undefined;
}

export async function readPointer(): Promise<GenerationPointer> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: generationKeys.pointer, ConsistentRead: true }));
  return (Item as GenerationPointer | undefined) ?? { live: 1 };
}

/** Runs `fn` with view keys in `generation` (the builder's replay, the drop of an old one). */
export function withViewGeneration<T>(generation: number, fn: () => T): T {
  return pins.run({ generation, prefix: generationPrefix(generation) }, fn);
}

/**
 * Runs a write (load, decide, key its views, commit) in the live generation as read now: during a
 * switch it first waits for the switch to end (polling the pointer), then writes to the new one.
 * Its commit carries the build's guard and dirty mark (`buildGuards`) when a build is on.
 */
export async function writingViews<T>(fn: () => Promise<T>): Promise<T> {
  let pointer = await refreshViewGeneration();
  const deadline = Date.now() + SWITCH_WAIT_MS;
  while (pointer.phase === 'switching') {
    if (Date.now() > deadline) throw conflict('The service is switching its read models; please try again in a minute');
    await sleep(SWITCH_POLL_MS);
    pointer = await refreshViewGeneration(0);
  }
  return pins.run({ generation: pointer.live, prefix: generationPrefix(pointer.live), pointer }, fn);
}

/** `writingViews`, run again when a switch began between its read of the pointer and its commit. */
export async function writingViewsRetried<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await writingViews(fn);
    } catch (error) {
      if (!(error instanceof ViewGenerationChanged) || attempt >= 3) throw error;
    }
  }
}

/**
 * What a commit touching these projects' views adds while a build is on (nothing otherwise): per
 * guard shard a ConditionCheck that the build is still `building` (so no write to the old
 * generation commits once the builder began its last catch-up), per project its dirty mark
 * counted up (so the builder replays it again).
 */
export function buildGuards(projectIds: Iterable<string>): TransactItem[] {
  const pointer = pins.getStore()?.pointer ?? cached?.pointer;
  if (!pointer?.phase) return [];
  // A write not run through writingViews that saw the switch start: its views are keyed for the old generation.
  if (pointer.phase === 'switching' || !pointer.build) throw new ViewGenerationChanged();
  const TableName = config().stateTable;
  const build = pointer.build;
  const projects = [...new Set(projectIds)];
  const shards = [...new Set(projects.map(shardOf))];
  return [
    ...shards.map((shard): TransactItem => ({
      ConditionCheck: { TableName, Key: generationKeys.guard(build, shard), ConditionExpression: '#phase = :building', ExpressionAttributeNames: { '#phase': 'phase' }, ExpressionAttributeValues: { ':building': 'building' } },
    })),
    ...projects.map((projectId): TransactItem => ({
      Update: { TableName, Key: generationKeys.dirty(build, projectId), UpdateExpression: 'SET projectId = :id ADD writes :one', ExpressionAttributeValues: { ':id': projectId, ':one': 1 } },
    })),
  ];
}

/**
 * Changes a project's views outside a command's transaction (a plain rebuild, an erasure, an
 * archive or an offboarding deleting them): in the live generation, the project then marked for
 * a running build to replay again; run again in the new generation if a switch began meanwhile.
 * `change` must be safe to run twice.
 */
export function changingViews<T>(projectId: string, change: () => Promise<T>): Promise<T> {
  return writingViewsRetried(async () => {
    const changed = await change();
    await markDirty(projectId);
    return changed;
  });
}

/**
 * Marks a project dirty for the running build, if any, after writes made outside a transaction
 * (a plain rebuild, an erasure): fails with ViewGenerationChanged once the switch has begun.
 */
export async function markDirty(projectId: string): Promise<void> {
  const guards = buildGuards([projectId]);
  if (!guards.length) return;
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: guards }));
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    forgetViewGeneration();
    throw new ViewGenerationChanged();
  }
}

// --- The builder's side ---

export interface Build {
  readonly build: string;
  readonly from: number;
  readonly to: number;
}

/** Starts a build of generation `to` (default: live + 1): guards first, then the pointer (one build at a time). */
export async function startBuild(to?: number): Promise<Build> {
  const pointer = await readPointer();
  if (pointer.phase) throw new Error(`A shadow build is already ${pointer.phase} (build ${pointer.build}, generation ${pointer.shadow}, since ${pointer.startedAt}): wait for it, or end it with --abort`);
  const target = to ?? pointer.live + 1;
  if (!Number.isInteger(target) || target < 1 || target === pointer.live) throw new Error(`Generation ${target} cannot be built: generation ${pointer.live} is live`);
  const build = randomUUID();
  const TableName = config().stateTable;
  await pMap(Array.from({ length: GUARD_SHARDS }, (_, shard) => shard), (shard) =>
    dynamo().send(new UpdateCommand({ TableName, Key: generationKeys.guard(build, shard), UpdateExpression: 'SET #phase = :building', ExpressionAttributeNames: { '#phase': 'phase' }, ExpressionAttributeValues: { ':building': 'building' } })),
  );
  await dynamo().send(
    new UpdateCommand({
      TableName,
      Key: generationKeys.pointer,
      UpdateExpression: 'SET live = :live, shadow = :to, #phase = :building, #build = :build, startedAt = :at',
      ConditionExpression: 'attribute_not_exists(#phase) AND (attribute_not_exists(live) OR live = :live)',
      ExpressionAttributeNames: { '#phase': 'phase', '#build': 'build' },
      ExpressionAttributeValues: { ':live': pointer.live, ':to': target, ':building': 'building', ':build': build, ':at': new Date().toISOString() },
    }),
  );
  return { build, from: pointer.live, to: target };
}

/** The switch begins: the pointer first (writers that read it wait), then every guard (writers that read `building` fail and wait). */
export async function beginSwitch({ build }: Build): Promise<void> {
  const TableName = config().stateTable;
  await dynamo().send(
    new UpdateCommand({
      TableName,
      Key: generationKeys.pointer,
      UpdateExpression: 'SET #phase = :switching',
      ConditionExpression: '#build = :build AND #phase = :building',
      ExpressionAttributeNames: { '#phase': 'phase', '#build': 'build' },
      ExpressionAttributeValues: { ':switching': 'switching', ':building': 'building', ':build': build },
    }),
  );
  await pMap(Array.from({ length: GUARD_SHARDS }, (_, shard) => shard), (shard) =>
    dynamo().send(new UpdateCommand({ TableName, Key: generationKeys.guard(build, shard), UpdateExpression: 'SET #phase = :switching', ExpressionAttributeNames: { '#phase': 'phase' }, ExpressionAttributeValues: { ':switching': 'switching' } })),
  );
}

/** The atomic switch: one conditional write makes `to` live and ends the build. */
export async function finishSwitch({ build, to }: Build): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().stateTable,
      Key: generationKeys.pointer,
      UpdateExpression: 'SET live = :to REMOVE shadow, #phase, #build, startedAt',
      ConditionExpression: '#build = :build AND #phase = :switching',
      ExpressionAttributeNames: { '#phase': 'phase', '#build': 'build' },
      ExpressionAttributeValues: { ':to': to, ':build': build, ':switching': 'switching' },
    }),
  );
  forgetViewGeneration();
  await dropBuildState(build);
}

/** Ends a build without switching (live stays): the running one, or, with `build`, only that one. Returns the build it ended. */
export async function abortBuild(build?: string): Promise<Build | undefined> {
  const pointer = await readPointer();
  if (!pointer.phase || !pointer.build || (build && pointer.build !== build)) return undefined;
  await dynamo().send(
    new UpdateCommand({
      TableName: config().stateTable,
      Key: generationKeys.pointer,
      UpdateExpression: 'REMOVE shadow, #phase, #build, startedAt',
      ConditionExpression: '#build = :build',
      ExpressionAttributeNames: { '#phase': 'phase', '#build': 'build' },
      ExpressionAttributeValues: { ':build': pointer.build },
    }),
  );
  forgetViewGeneration();
  await dropBuildState(pointer.build);
  return { build: pointer.build, from: pointer.live, to: pointer.shadow ?? pointer.live };
}

/** Each project written since the build began, with how many writes it has had. */
export async function dirtyProjects(build: string): Promise<Map<string, number>> {
  const shards = await pMap(Array.from({ length: GUARD_SHARDS }, (_, shard) => shard), (shard) =>
    queryAll<{ sk: string; projectId?: string; writes?: number }>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': generationKeys.shard(build, shard) }, ConsistentRead: true }),
  );
  return new Map(shards.flat().flatMap((mark) => (mark.projectId ? [[mark.projectId, mark.writes ?? 0] as const] : [])));
}

async function dropBuildState(build: string): Promise<void> {
  const shards = await pMap(Array.from({ length: GUARD_SHARDS }, (_, shard) => shard), (shard) =>
    queryAll<{ pk: string; sk: string }>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': generationKeys.shard(build, shard) }, ProjectionExpression: 'pk, sk' }),
  );
  // One item per project written during the build, and the guards (batch-write.ts would make an import cycle through keys.ts).
  const TableName = config().stateTable;
  await pMap(shards.flat(), ({ pk, sk }) => dynamo().send(new DeleteCommand({ TableName, Key: { pk, sk } })), { concurrency: 8 });
}

function shardOf(projectId: string): number {
  let hash = 0;
  for (let i = 0; i < projectId.length; i++) hash = (hash * 31 + projectId.charCodeAt(i)) >>> 0;
  return hash % GUARD_SHARDS;
}
