import { changeOrderDecider } from '../../events/change-orders/change-order';
import { chatDecider, type ChatState } from '../../events/chat/chat';
import type { Decider } from '../../events/decider';
import type { NewEvent, StoredEvent } from '../../events/envelope';
import { itemDecider, type ItemState } from '../../events/projects/item';
import { projectDecider } from '../../events/projects/project';
import { punchDecider, type PunchState } from '../../events/punch/punch';
import { parseStreamId } from '../../events/streams';
import type { RoomView } from './project-views';
import { isDeepStrictEqual } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pMap from 'p-map';
import { batchWriteAll, deleteRequests } from '../store/batch-write';
import { config } from '../config';
import { scanAll } from '../store/scan-all';
import type { EventStore } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { getStateItems, memoryViewTable, stateViewTable } from '../store/view-table';
import { abortBuild, beginSwitch, changingViews, dirtyProjects, finishSwitch, generationPrefix, readPointer, refreshViewGeneration, startBuild, withViewGeneration, type Build } from '../store/view-generation';
import { keyId, type ViewItem } from '../store/write-set';
import { changeOrderViews } from './change-order-views';
import { chatViews } from './chat-views';
import { itemViews, locationIn, type ItemLocation } from './item-views';
import { applyChange, type Projection } from './projection';
import { projectViews } from './project-views';
import { punchViews } from './punch-views';
import { CALLS_IN_FLIGHT } from '../adapters/bounded-clients';


/**
 * Views from scratch: replay a project's events (every stream, in time order: the project's, its
 * items' and its chat's), one at a time, through the same projections the commands use, into
 * views held in memory. The rebuild tool writes them over the live ones; the tests compare the two.
 */
export async function rebuildProjectViews(store: Pick<EventStore, 'readProjectEvents'>, projectId: string): Promise<ViewItem[]> {
  await refreshViewGeneration();
  return replayProjectEvents(projectId, await store.readProjectEvents(projectId));
}

/**
 * The replay itself, no I/O: a project's events, in time order, into its views. An event whose
 * projection reads or settles nothing (nearly all) is replayed synchronously, without a promise.
 */
export async function replayProjectEvents(projectId: string, projectEvents: readonly StoredEvent[]): Promise<ViewItem[]> {
  const views = memoryViewTable();
  const states = new Map<string, unknown>();
  // Where each room's items are, as of the events replayed so far: read once per room, and again
  // after any event of the project's own stream (one may rename or remove a room).
  const locations = new Map<string, ItemLocation>();

  /** One event through its aggregate's projection, from the state its stream had reached. */
  function replay<State, Event extends NewEvent>(decider: Decider<never, State, Event>, projection: (before: State, event: StoredEvent & Event) => Projection<State, Event>, event: StoredEvent): void | Promise<void> {
    if (!decider.owns(event)) return;
    const before = (states.get(event.streamId) as State | undefined) ?? decider.initialState;
    states.set(event.streamId, decider.evolve(before, event));
    return applyChange(projection(before, event), { before, events: [event] }, views);
  }

  function locationOf(roomId: string): ItemLocation {
    let location = locations.get(roomId);
    if (!location) {
      const room = views.peek<RoomView>(stateKeys.projectRoom(projectId, roomId));
      location = room ? locationIn(room) : { projectId, roomId, roomName: '' };
      locations.set(roomId, location);
    }
    return location;
  }

  function replayEvent(event: StoredEvent): void | Promise<void> {
    switch (parseStreamId(event.streamId)?.kind) {
      case 'project':
        locations.clear();
        return replay(projectDecider, () => projectViews, event);
      case 'item':
        return replay(itemDecider, (before: ItemState, added) => itemViews(locationOf(added.type === 'ItemAdded' ? added.data.roomId : before.roomId)), event);
      case 'chat':
        return replay(chatDecider, (_before: ChatState) => chatViews(projectId), event);
      case 'changeOrder':
        return replay(changeOrderDecider, () => changeOrderViews(projectId), event);
      case 'punch':
        return replay(punchDecider, (before: PunchState, added) => punchViews(locationOf(added.type === 'PunchItemAdded' ? added.data.roomId : before.roomId)), event);
    }
  }

  for (const event of projectEvents) {
    const replayed = replayEvent(event);
    if (replayed) await replayed;
  }
  return views.items();
}

/**
 * The live view items of a project, wherever they are kept: its partition and its chat's, then
 * its rooms' partitions side by side, and the pointers from items' and messages' ids, 100 to a
 * BatchGetItem.
 */
export async function liveProjectViews(projectId: string): Promise<ViewItem[]> {
  await refreshViewGeneration();
  const [partition, messages] = await Promise.all([stateViewTable.query(stateKeys.projectSummary(projectId).pk), stateViewTable.query(stateKeys.chatMessage(projectId, '').pk)]);
  const roomIds = partition.filter((item) => item.sk.startsWith(stateKeys.projectRoomsPrefix)).map((room) => room.id as string);
  const roomPartitions = await pMap(roomIds, (roomId) => stateViewTable.query(stateKeys.roomPointer(roomId).pk), { concurrency: CALLS_IN_FLIGHT });
  const items = roomPartitions.flat().filter((item) => item.sk !== stateKeys.roomPointer('').sk);
  const pointerKeys = [
    ...messages.map((message) => stateKeys.messagePointer(message.id as string)),
    ...items.map((item) => stateKeys.itemPointer(item.id as string)),
  ];
  const chunks = Array.from({ length: Math.ceil(pointerKeys.length / 100) }, (_, i) => pointerKeys.slice(i * 100, (i + 1) * 100));
  const pointers = (await pMap(chunks, (keys) => getStateItems<ViewItem[]>(keys), { concurrency: CALLS_IN_FLIGHT })).flat();
  // A room's pointer is in its own partition: the queries above found it.
  const found = new Map([...partition, ...messages, ...roomPartitions.flat(), ...pointers].flatMap((item) => (item ? [[keyId(item), item] as const] : [])));
  return [...found.values()];
}

export interface ReplacedViews {
  readonly events: number;
  readonly deleted: number;
  readonly written: number;
  readonly unchanged: number;
  /** View items the project has now. */
  readonly items: number;
}

/**
 * Replaces a project's live views with rebuilt ones: writes the items that differ, removes the
 * stale ones, leaves the equal ones alone. While a shadow build runs, the project is marked for
 * it to replay again (and, if its switch began meanwhile, replaced again in the new generation).
 */
export async function replaceProjectViews(store: EventStore, projectId: string): Promise<ReplacedViews> {
  return changingViews(projectId, () => replaceViews(store, projectId));
}

/** replaceProjectViews in the generation this call runs in. */
async function replaceViews(store: EventStore, projectId: string): Promise<ReplacedViews> {
  const [live, events] = await Promise.all([liveProjectViews(projectId), store.readProjectEvents(projectId)]);
  // An archived project (issue 31) has its events in the archive bucket: its tombstone is all it
  // keeps here, and replaying no events would delete it. Restoring puts the events back first.
  if (!events.length && live.some((item) => item.sk === stateKeys.projectSummary('').sk && item.archived)) return { events: 0, deleted: 0, written: 0, unchanged: live.length, items: live.length };
  const rebuilt = await replayProjectEvents(projectId, events);
  const liveByKey = new Map(live.map((item) => [keyId(item), item]));
  const keep = new Set(rebuilt.map(keyId));
  const stale = live.filter((item) => !keep.has(keyId(item)));
  const changed = rebuilt.filter((item) => !isDeepStrictEqual(liveByKey.get(keyId(item)), asStored(item)));
  await batchWriteAll([...deleteRequests(stale), ...changed.map((item) => ({ PutRequest: { Item: item } }))]);
  return { events: events.length, deleted: stale.length, written: changed.length, unchanged: rebuilt.length - changed.length, items: rebuilt.length };
}

/** An item as DynamoDB hands it back: attributes set to undefined are not written. */
const asStored = (item: ViewItem): ViewItem => JSON.parse(JSON.stringify(item));

// --- The shadow rebuild (issue 31): the next generation beside the live one, then the switch ---

/** Catch-up passes while writes go on, before the switch: each replays what the one before missed. */
const MAX_CATCH_UP_PASSES = 5;
/** Few enough dirty projects to replay while writes wait: stop catching up and switch. */
const FEW_DIRTY = 8;

export interface ShadowRebuildOptions {
  /** How long every process takes to see a change of the pointer and finish its requests (G in view-generation.ts). */
  readonly graceMs: number;
  /** The generation to build (default: the live one + 1). */
  readonly to?: number;
  /** Switch even if a project's views count differently from the live ones (a projection was changed on purpose). */
  readonly allowChanges?: boolean;
  readonly log?: (line: string) => void;
}

export interface CountDifference {
  readonly projectId: string;
  readonly live: number;
  readonly shadow: number;
}

export interface ShadowRebuildReport {
  readonly from: number;
  readonly to: number;
  readonly projects: number;
  readonly events: number;
  /** Projects replayed in each pass: the first (all), the catch-ups, the last (while writes waited). */
  readonly passes: readonly number[];
  /** How long writes waited: from the start of the switch to the new generation being live. */
  readonly switchMs: number;
  /** View item counts that differ between the old generation and the new one (switched only with allowChanges). */
  readonly differences: readonly CountDifference[];
}

/** The counts differed and the build was ended: the live generation is as it was. */
export class ShadowRebuildAborted extends Error {
  constructor(readonly differences: readonly CountDifference[]) {
    super(`The new views count differently from the live ones in ${differences.length} project(s): ${differences.slice(0, 5).map((d) => `${d.projectId} (live ${d.live}, rebuilt ${d.shadow})`).join(', ')}. Nothing was switched; run with --allow-changes if a projection changed on purpose.`);
    this.name = 'ShadowRebuildAborted';
  }
}

/**
 * `views:rebuild --shadow`: builds the next generation of every project's views beside the live
 * one while writes continue (writes meanwhile mark their project dirty: replayed again), then,
 * with writes waiting, replays the last dirty projects, compares each project's view counts with
 * the live ones, switches the pointer (one conditional write) and drops the old generation once
 * no process can still be reading it. Any failure before the switch ends the build and drops the
 * new generation: the live one is never touched.
 */
export async function shadowRebuild(store: EventStore, options: ShadowRebuildOptions): Promise<ShadowRebuildReport> {
  const log = options.log ?? (() => undefined);
  const build = await startBuild(options.to);
  const counts = new Map<string, { live: number; shadow: number; events: number }>();
  /** The dirty mark's count of writes when each project was last replayed. */
  const replayedAt = new Map<string, number>();
  const passes: number[] = [];

  const rebuild = async (projectId: string) => {
    const live = await withViewGeneration(build.from, () => liveProjectViews(projectId));
    // An archived project's events are in the archive bucket, not the table: what it keeps here (its tombstone) is carried over as it is.
    const archived = live.some((item) => item.sk === stateKeys.projectSummary('').sk && item.archived);
    const shadow = archived ? await withViewGeneration(build.to, () => copyViews(live, build)) : await withViewGeneration(build.to, () => replaceViews(store, projectId));
    counts.set(projectId, { live: live.length, shadow: shadow.items, events: shadow.events });
  };
  const catchUp = async () => {
    const marks = [...(await dirtyProjects(build.build))].filter(([projectId, writes]) => writes > (replayedAt.get(projectId) ?? 0));
    await pMap(marks, async ([projectId, writes]) => (await rebuild(projectId), replayedAt.set(projectId, writes)), { concurrency: CALLS_IN_FLIGHT / 2 });
    passes.push(marks.length);
    return marks.length;
  };

  let switchStarted: number;
  let differences: CountDifference[];
  try {
    log(`Building generation ${build.to} beside generation ${build.from}; waiting ${options.graceMs / 1000} s until every process writes with the build's guard …`);
    await sleep(options.graceMs);
    const projectIds = [...new Set([...(await store.scanProjectIds()), ...(await archivedProjectIds(build.from))])];
    await pMap(projectIds, rebuild, { concurrency: CALLS_IN_FLIGHT / 2 });
    passes.push(projectIds.length);
    log(`Replayed ${projectIds.length} project(s) into generation ${build.to}; catching up with the writes made meanwhile …`);
    for (let pass = 0; pass < MAX_CATCH_UP_PASSES && (await catchUp()) > FEW_DIRTY; pass++);
    switchStarted = performance.now();
    await beginSwitch(build);
    await catchUp();
    differences = compareCounts(counts);
    // A deleted room's partition is cleared just after its commit: counted again once before calling it a difference.
    if (differences.length) {
      await sleep(250);
      await pMap(differences, ({ projectId }) => rebuild(projectId), { concurrency: CALLS_IN_FLIGHT / 2 });
      differences = compareCounts(counts);
    }
    if (differences.length && !options.allowChanges) throw new ShadowRebuildAborted(differences);
    await finishSwitch(build);
  } catch (error) {
    await endBuild(store, build);
    throw error;
  }
  const switchMs = performance.now() - switchStarted;
  log(`Generation ${build.to} is live (writes waited ${Math.round(switchMs)} ms); dropping generation ${build.from} in ${options.graceMs / 1000} s …`);
  await sleep(options.graceMs);
  await dropGeneration(build.from, [...counts.keys()]);
  const events = [...counts.values()].reduce((sum, count) => sum + count.events, 0);
  return { from: build.from, to: build.to, projects: counts.size, events, passes, switchMs, differences };
}

/** Ends a build that will not switch (failed, or abandoned by a process that died: `--abort`) and drops what it wrote. */
export async function endBuild(store: Pick<EventStore, 'scanProjectIds'>, build?: Build, projectIds?: readonly string[]): Promise<Build | undefined> {
  const ended = await abortBuild(build?.build);
  const abandoned = ended ?? build;
  // Never the live one (a switch that failed after its pointer write has switched).
  if (abandoned && abandoned.to !== (await readPointer()).live) await dropGeneration(abandoned.to, projectIds ?? [...new Set([...(await store.scanProjectIds()), ...(await archivedProjectIds(abandoned.from))])]);
  return ended;
}

/** Deletes every view item of a generation, project by project (as each project's views are found: its partitions and pointers). */
export async function dropGeneration(generation: number, projectIds: readonly string[]): Promise<number> {
  let dropped = 0;
  await withViewGeneration(generation, () =>
    pMap(
      projectIds,
      async (projectId) => {
        const items = await liveProjectViews(projectId);
        await batchWriteAll(deleteRequests(items));
        dropped += items.length;
      },
      { concurrency: CALLS_IN_FLIGHT / 2 },
    ),
  );
  return dropped;
}

const compareCounts = (counts: ReadonlyMap<string, { live: number; shadow: number }>): CountDifference[] =>
  [...counts].filter(([, count]) => count.live !== count.shadow).map(([projectId, count]) => ({ projectId, ...count }));

/** Projects whose summary in `generation` is an archive's tombstone (functions/archive/): an operator's scan, as the archiver's own. */
async function archivedProjectIds(generation: number): Promise<string[]> {
  const summaries = await scanAll<ViewItem & { id: string }>({
    TableName: config().stateTable,
    FilterExpression: 'sk = :summary AND attribute_exists(archived)',
    ExpressionAttributeValues: { ':summary': stateKeys.projectSummary('').sk },
    ProjectionExpression: 'pk, id',
  });
  return withViewGeneration(generation, () => summaries.filter((summary) => summary.pk === stateKeys.projectSummary(summary.id).pk).map((summary) => summary.id));
}

/** A project's items of the build's old generation, as they are, into the generation this call runs in (its stale ones there removed). */
async function copyViews(live: readonly ViewItem[], build: Build): Promise<ReplacedViews> {
  const [from, to] = [generationPrefix(build.from), generationPrefix(build.to)];
  const rekey = (key: unknown) => (typeof key === 'string' && key.startsWith(from) ? `${to}${key.slice(from.length)}` : key);
  const copies = live.map((item): ViewItem => ({ ...item, pk: rekey(item.pk) as string, ...('gsi1pk' in item ? { gsi1pk: rekey(item.gsi1pk) } : {}), ...('gsi2pk' in item ? { gsi2pk: rekey(item.gsi2pk) } : {}) }));
  const projectId = live.find((item) => item.sk === stateKeys.projectSummary('').sk)?.id as string;
  const keep = new Set(copies.map(keyId));
  const stale = (await liveProjectViews(projectId)).filter((item) => !keep.has(keyId(item)));
  await batchWriteAll([...deleteRequests(stale), ...copies.map((item) => ({ PutRequest: { Item: item } }))]);
  return { events: 0, deleted: stale.length, written: copies.length, unchanged: 0, items: copies.length };
}
