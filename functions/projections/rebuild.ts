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
import pMap from 'p-map';
import { batchWriteAll, deleteRequests } from '../store/batch-write';
import type { EventStore } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { getStateItems, memoryViewTable, stateViewTable } from '../store/view-table';
import { keyId, type ViewItem } from '../store/write-set';
import { changeOrderViews } from './change-order-views';
import { chatViews } from './chat-views';
import { itemViews, locationIn, type ItemLocation } from './item-views';
import { applyChange, type Projection } from './projection';
import { projectViews } from './project-views';
import { punchViews } from './punch-views';

/** Reads in flight at once while gathering a project's live views. */
const IN_FLIGHT = 8;

/**
 * Views from scratch: replay a project's events (every stream, in time order: the project's, its
 * items' and its chat's), one at a time, through the same projections the commands use, into
 * views held in memory. The rebuild tool writes them over the live ones; the tests compare the two.
 */
export async function rebuildProjectViews(store: Pick<EventStore, 'readProjectEvents'>, projectId: string): Promise<ViewItem[]> {
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
  const [partition, messages] = await Promise.all([stateViewTable.query(stateKeys.projectSummary(projectId).pk), stateViewTable.query(stateKeys.chatMessage(projectId, '').pk)]);
  const roomIds = partition.filter((item) => item.sk.startsWith(stateKeys.projectRoomsPrefix)).map((room) => room.id as string);
  const roomPartitions = await pMap(roomIds, (roomId) => stateViewTable.query(stateKeys.roomPointer(roomId).pk), { concurrency: IN_FLIGHT });
  const items = roomPartitions.flat().filter((item) => item.sk !== stateKeys.roomPointer('').sk);
  const pointerKeys = [
    ...messages.map((message) => stateKeys.messagePointer(message.id as string)),
    ...items.map((item) => stateKeys.itemPointer(item.id as string)),
  ];
  const chunks = Array.from({ length: Math.ceil(pointerKeys.length / 100) }, (_, i) => pointerKeys.slice(i * 100, (i + 1) * 100));
  const pointers = (await pMap(chunks, (keys) => getStateItems<ViewItem[]>(keys), { concurrency: IN_FLIGHT })).flat();
  // A room's pointer is in its own partition: the queries above found it.
  const found = new Map([...partition, ...messages, ...roomPartitions.flat(), ...pointers].flatMap((item) => (item ? [[keyId(item), item] as const] : [])));
  return [...found.values()];
}

/**
 * Replaces a project's live views with rebuilt ones: writes the items that differ, removes the
 * stale ones, leaves the equal ones alone.
 */
export async function replaceProjectViews(store: EventStore, projectId: string): Promise<{ events: number; deleted: number; written: number; unchanged: number }> {
  const [live, events] = await Promise.all([liveProjectViews(projectId), store.readProjectEvents(projectId)]);
  const rebuilt = await replayProjectEvents(projectId, events);
  const liveByKey = new Map(live.map((item) => [keyId(item), item]));
  const keep = new Set(rebuilt.map(keyId));
  const stale = live.filter((item) => !keep.has(keyId(item)));
  const changed = rebuilt.filter((item) => !isDeepStrictEqual(liveByKey.get(keyId(item)), asStored(item)));
  await batchWriteAll([...deleteRequests(stale), ...changed.map((item) => ({ PutRequest: { Item: item } }))]);
  return { events: events.length, deleted: stale.length, written: changed.length, unchanged: rebuilt.length - changed.length };
}

/** An item as DynamoDB hands it back: attributes set to undefined are not written. */
const asStored = (item: ViewItem): ViewItem => JSON.parse(JSON.stringify(item));
