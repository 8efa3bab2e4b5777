import { describeItemEvent } from '../../events/projects/activity';
import type { ItemEvent } from '../../events/projects/events';
import { countsDelta, evolveItem, type ItemState } from '../../events/projects/item';
import { displayName } from '../../events/projects/room-naming';
import { stateKeys } from '../store/keys';
import { historyItem, itemItem, summaryCounterDeltas, type RoomView } from '../projects/views';
import type { Projection } from './projection';
import { settleRoomCompletion } from './room-completion';

/** Where an item lives: its project, its room, and the room's name as shown (for the history). */
export interface ItemLocation {
  readonly projectId: string;
  readonly roomId: string;
  readonly roomName: string;
}

export const locationIn = (room: Pick<RoomView, 'id' | 'projectId' | 'type' | 'name' | 'customName'>): ItemLocation => ({
  projectId: room.projectId,
  roomId: room.id,
  roomName: displayName(room),
});

/**
 * An item's views: the item in its room's partition, the pointer from its id, its room's and
 * project's counters, and the history (template items, added with a new project, are not
 * history). Whether its room became complete is settled after the commit, when the change moved
 * the room's total or completed count (nothing else can change it).
 */
export const itemViews = (location: ItemLocation): Projection<ItemState, ItemEvent> => ({
  write(writes, { before, events }) {
    let state = before;
    for (const stored of events) {
      const after = evolveItem(state, stored);
      const fromTemplate = stored.type === 'ItemAdded' && stored.data.fromTemplate;
      if (!fromTemplate) {
        writes.put(historyItem(location.projectId, stored, describeItemEvent(stored, { itemName: after.name || state.name, roomName: location.roomName })));
      }
      state = after;
    }
    if (state.exists) writes.put(itemItem(location.projectId, state));
    else writes.delete(stateKeys.roomItem(location.roomId, state.itemId || before.itemId));
    if (!before.exists && state.exists) {
      writes.put({ ...stateKeys.itemPointer(state.itemId), projectId: location.projectId, roomId: location.roomId });
      // The room must still be there when the item lands in it.
      writes.check(stateKeys.roomPointer(location.roomId), { expression: 'attribute_exists(pk)' });
    }
    if (before.exists && !state.exists) writes.delete(stateKeys.itemPointer(before.itemId));
    const delta = countsDelta(before, state);
    writes.add(stateKeys.projectRoom(location.projectId, location.roomId), { ...delta });
    writes.add(stateKeys.projectSummary(location.projectId), summaryCounterDeltas(delta));
  },
  async settle({ before, events }, views) {
    const delta = countsDelta(before, events.reduce(evolveItem, before));
    if (delta.total !== 0 || delta.completed !== 0) await settleRoomCompletion(views, location.projectId, location.roomId);
  },
});
