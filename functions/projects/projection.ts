import type { StoredEvent } from '../../events/envelope';
import { describeItemEvent, describeProjectEvent } from '../../events/projects/activity';
import type { ItemEvent, ProjectEvent } from '../../events/projects/events';
import { countsDelta, evolveItem, type ItemState } from '../../events/projects/item';
import { evolveProject, type ProjectState } from '../../events/projects/project';
import { displayName } from '../../events/projects/room-naming';
import { stateKeys } from '../store/keys';
import type { WriteSet } from '../store/write-set';
import { clientIndexValue, historyItem, itemItem, negate, roomItem, summaryCounterDeltas, summaryItem, zeroCounts, type RoomView } from './views';

/**
 * How each event changes the views, written into a WriteSet that commits with the events.
 * Room completion (completedRooms) is not here: it depends on other items' concurrent changes
 * and is settled right after commit (see room-completion.ts).
 */

export interface ProjectProjectionContext {
  /** Rooms about to be deleted, as their views stand (their counters leave the summary). */
  readonly roomViews: ReadonlyMap<string, RoomView>;
}

export function projectProjection(writes: WriteSet, before: ProjectState, events: readonly StoredEvent[], context: ProjectProjectionContext): ProjectState {
  let state = before;
  for (const stored of events) {
    const event = stored as unknown as ProjectEvent;
    const after = evolveProject(state, event);
    const summaryKey = stateKeys.projectSummary(after.projectId);
    const at = stored.meta.at;
    switch (event.type) {
      case 'ProjectCreated':
        writes.put(summaryItem(after, { ...zeroCounts, totalRooms: 0, completedRooms: 0 }, at, at), { expression: 'attribute_not_exists(pk)' });
        break;
      case 'ProjectUpdated':
        writes.set(summaryKey, { ...after.details, gsi2pk: clientIndexValue(after.clientId, after.details.clientEmail), updatedAt: at });
        break;
      case 'ProjectDeleted':
        writes.delete(summaryKey);
        break;
      case 'LockBoxCodeSet':
        writes.set(summaryKey, { lockBoxCode: after.lockBoxCode, updatedAt: at });
        break;
      case 'ClientAssigned':
        writes.set(summaryKey, { clientId: after.clientId, gsi2pk: clientIndexValue(after.clientId, after.details.clientEmail), updatedAt: at });
        break;
      case 'RoomAdded': {
        const room = after.rooms.at(-1)!;
        writes.put(roomItem(after.projectId, room, stored.version));
        writes.put({ ...stateKeys.roomPointer(room.roomId), projectId: after.projectId });
        writes.add(summaryKey, { totalRooms: 1 });
        break;
      }
      case 'RoomRenamed':
        writes.set(stateKeys.projectRoom(after.projectId, event.data.roomId), { customName: event.data.to });
        break;
      case 'RoomDeleted': {
        const view = context.roomViews.get(event.data.roomId);
        const counts = view ?? zeroCounts;
        // Only if no item changed the room's counters since we read them (else: retry).
        writes.delete(stateKeys.projectRoom(after.projectId, event.data.roomId), {
          expression: '#total = :total AND #completed = :completed AND isComplete = :isComplete',
          names: { '#total': 'total', '#completed': 'completed' },
          values: { ':total': counts.total, ':completed': counts.completed, ':isComplete': view?.isComplete ?? false },
        });
        writes.delete(stateKeys.roomPointer(event.data.roomId));
        writes.add(summaryKey, { totalRooms: -1, completedRooms: view?.isComplete ? -1 : 0, ...summaryCounterDeltas(negate(counts)) });
        break;
      }
    }
    if (event.type !== 'ProjectDeleted') writes.put(historyItem(after.projectId, stored, describeProjectEvent(event, state)));
    state = after;
  }
  return state;
}

export interface ItemLocation {
  readonly projectId: string;
  readonly roomId: string;
  /** The room's name as shown, for the history. */
  readonly roomName: string;
}

export function itemProjection(writes: WriteSet, before: ItemState, events: readonly StoredEvent[], location: ItemLocation): ItemState {
  let state = before;
  for (const stored of events) {
    const event = stored as unknown as ItemEvent;
    const after = evolveItem(state, event);
    const fromTemplate = event.type === 'ItemAdded' && event.data.fromTemplate;
    if (!fromTemplate) {
      writes.put(historyItem(location.projectId, stored, describeItemEvent(event, { itemName: after.name || state.name, roomName: location.roomName })));
    }
    state = after;
  }
  const itemKey = stateKeys.roomItem(location.roomId, state.itemId || before.itemId);
  if (state.exists) writes.put(itemItem(location.projectId, state));
  else writes.delete(itemKey);
  if (!before.exists && state.exists) {
    writes.put({ ...stateKeys.itemPointer(state.itemId), projectId: location.projectId, roomId: location.roomId });
    // The room must still be there when the item lands in it.
    writes.check(stateKeys.roomPointer(location.roomId), { expression: 'attribute_exists(pk)' });
  }
  if (before.exists && !state.exists) writes.delete(stateKeys.itemPointer(before.itemId));
  const delta = countsDelta(before, state);
  writes.add(stateKeys.projectRoom(location.projectId, location.roomId), { ...delta });
  writes.add(stateKeys.projectSummary(location.projectId), summaryCounterDeltas(delta));
  return state;
}

export const roomNameOf = (room: Pick<RoomView, 'type' | 'name' | 'customName'>) => displayName(room);
