import { chatDecider, type ChatState } from '../../events/chat/chat';
import type { Decider } from '../../events/decider';
import type { NewEvent, StoredEvent } from '../../events/envelope';
import { itemDecider, type ItemState } from '../../events/projects/item';
import { projectDecider } from '../../events/projects/project';
import { parseStreamId } from '../../events/streams';
import type { RoomView } from '../projects/views';
import { batchWriteAll, deleteRequests } from '../store/batch-write';
import type { EventStore } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { memoryViewTable, stateViewTable, type ViewTable } from '../store/view-table';
import type { ViewItem } from '../store/write-set';
import { chatViews } from './chat-views';
import { itemViews, locationIn } from './item-views';
import { applyChange, type Projection } from './projection';
import { projectViews } from './project-views';

/**
 * Views from scratch: replay a project's events (every stream, in time order: the project's, its
 * items' and its chat's), one at a time, through the same projections the commands use, into
 * views held in memory. The rebuild tool writes them over the live ones; the tests compare the two.
 */
export async function rebuildProjectViews(store: EventStore, projectId: string): Promise<ViewItem[]> {
  const views = memoryViewTable();
  const states = new Map<string, unknown>();

  /** One event through its aggregate's projection, from the state its stream had reached. */
  async function replay<State, Event extends NewEvent>(decider: Decider<never, State, Event>, projection: (before: State, event: StoredEvent & Event) => Promise<Projection<State, Event>> | Projection<State, Event>, event: StoredEvent) {
    if (!decider.owns(event)) return;
    const before = (states.get(event.streamId) as State | undefined) ?? decider.initialState;
    await applyChange(await projection(before, event), { before, events: [event] }, views);
    states.set(event.streamId, decider.evolve(before, event));
  }

  for (const event of await store.readProjectEvents(projectId)) {
    switch (parseStreamId(event.streamId)?.kind) {
      case 'project':
        await replay(projectDecider, () => projectViews, event);
        break;
      case 'item':
        await replay(itemDecider, (before: ItemState, added) => itemProjectionAt(views, projectId, added.type === 'ItemAdded' ? added.data.roomId : before.roomId), event);
        break;
      case 'chat':
        await replay(chatDecider, (_before: ChatState) => chatViews(projectId), event);
        break;
    }
  }
  return views.items();
}

async function itemProjectionAt(views: ViewTable, projectId: string, roomId: string) {
  const room = await views.get<RoomView>(stateKeys.projectRoom(projectId, roomId));
  return itemViews(room ? locationIn(room) : { projectId, roomId, roomName: '' });
}

/** The live view items of a project, wherever they are kept. */
export async function liveProjectViews(projectId: string): Promise<ViewItem[]> {
  const views = stateViewTable;
  const partition = await views.query(stateKeys.projectSummary(projectId).pk);
  const found: ViewItem[] = [...partition];
  const withPointer = async (item: ViewItem, pointer: { pk: string; sk: string }) => {
    found.push(item);
    const target = await views.get<ViewItem>(pointer);
    if (target) found.push(target);
  };
  for (const message of await views.query(stateKeys.chatMessage(projectId, '').pk)) await withPointer(message, stateKeys.messagePointer(message.id as string));
  for (const room of partition.filter((item) => item.sk.startsWith(stateKeys.projectRoomsPrefix))) {
    const pointer = await views.get<ViewItem>(stateKeys.roomPointer(room.id as string));
    if (pointer) found.push(pointer);
    const items = (await views.query(stateKeys.roomPointer(room.id as string).pk)).filter((item) => item.sk !== stateKeys.roomPointer('').sk);
    for (const item of items) await withPointer(item, stateKeys.itemPointer(item.id as string));
  }
  return found;
}

/** Replaces a project's live views with rebuilt ones. */
export async function replaceProjectViews(store: EventStore, projectId: string): Promise<{ deleted: number; written: number }> {
  const [live, rebuilt] = await Promise.all([liveProjectViews(projectId), rebuildProjectViews(store, projectId)]);
  const keep = new Set(rebuilt.map((item) => `${item.pk}|${item.sk}`));
  const stale = live.filter((item) => !keep.has(`${item.pk}|${item.sk}`));
  await batchWriteAll([...deleteRequests(stale), ...rebuilt.map((item) => ({ PutRequest: { Item: item } }))]);
  return { deleted: stale.length, written: rebuilt.length };
}
