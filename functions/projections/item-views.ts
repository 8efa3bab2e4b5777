import { describeItemEvent } from '../../events/projects/activity';
import type { ItemEvent } from '../../events/projects/events';
import { evolveItem, type ApprovalState, type ItemState } from '../../events/projects/item';
import { budgetDelta, countsDelta } from '../../events/projects/item-counts';
import { isComplete } from '../../events/projects/model';
import { displayName } from '../../events/projects/room-naming';
import { stateKeys } from '../store/keys';
import type { ViewTable } from '../store/view-table';
import type { WriteSet } from '../store/write-set';
import { historyItem } from './history';
import type { Change, Projection } from './projection';
import { summaryCounterDeltas, type RoomView } from './project-views';
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

/** The client's answer as the item view keeps it: the state's, with the approver's name (from the event's meta). */
export type ApprovalView = ApprovalState & { readonly name: string };

/**
 * An item's view. Views written before issue 18 lack its fields (allowance, cost, decideBy,
 * leadTimeDays, approval): readers take a missing one as null. `version` is the item's stream
 * version it shows (issue 29); views written before lack it until `npm run views:rebuild`.
 */
export type ItemView = Omit<ItemState, 'exists' | 'itemId' | 'approval'> & {
  readonly id: string;
  readonly projectId: string;
  readonly completed: boolean;
  readonly approval: ApprovalView | null;
  readonly version?: number;
};

/**
 * The item's view (its key last: see ./project-views.ts); `approverName` names whoever gave the
 * item's approval or decline (its event's actor); `version`, the stream's after the state's last event.
 */
export function itemItem(projectId: string, item: ItemState, approverName = '', version?: number) {
  const { exists: _exists, itemId, fromTemplate: _fromTemplate, approval, ...fields } = item as ItemState & { fromTemplate?: unknown };
  return {
    id: itemId,
    projectId,
    ...fields,
    approval: approval ? { ...approval, name: approverName } : null,
    completed: isComplete(item),
    ...(version === undefined ? {} : { version }),
    ...stateKeys.roomItem(item.roomId, itemId),
  };
}

/**
 * An item's views: the item in its room's partition, the pointer from its id, its room's and
 * project's counters, and the history (template items, added with a new project, are not
 * history). Whether its room became complete matters only when the change moved the room's
 * total or completed count (nothing else can change it). When the request has read the room
 * (`room`), that is settled in the same transaction, on condition that the room's flag (and,
 * unless the item ends present and incomplete, which leaves the room incomplete whatever else
 * happens, its counters) are still as read: else the command reads again and retries
 * (`rereadOnConflict`), without the room, settling after the commit as below.
 */
export const itemViews = (location: ItemLocation, room?: Pick<RoomView, 'total' | 'completed' | 'isComplete'>): ItemProjection => new ItemViews(location, room);

/** One per change (a command's, or each replayed event): it keeps whether the change's writes settled the room. */
class ItemViews implements ItemProjection {
  private settledInline = false;

  constructor(
    private readonly location: ItemLocation,
    private known?: Pick<RoomView, 'total' | 'completed' | 'isComplete'>,
  ) {}

  write(writes: WriteSet, change: Change<ItemState, ItemEvent>, views: ViewTable): void | Promise<void> {
    // Synchronous unless the name must be read: a replay projects tens of thousands of events.
    const approver = approverNameAt(change);
    if (approver === undefined) return approverNameFromView(change, this.location, views).then((name) => this.project(writes, change, name));
    this.project(writes, change, approver);
  }

  private project(writes: WriteSet, change: Change<ItemState, ItemEvent>, approver: string): void {
    this.settledInline = writeItemViews(writes, change, this.location, this.known, approver);
    this.known = undefined;
  }

  rereadOnConflict(): readonly { pk: string; sk: string }[] {
    return this.settledInline ? [stateKeys.projectRoom(this.location.projectId, this.location.roomId)] : [];
  }

  settle({ before, events }: Change<ItemState, ItemEvent>, views: ViewTable): void | Promise<void> {
    if (this.settledInline) return;
    const delta = countsDelta(before, events.reduce(evolveItem, before));
    if (delta.total !== 0 || delta.completed !== 0) return settleRoomCompletion(views, this.location.projectId, this.location.roomId);
  }
}

/** A projection whose writes may be conditioned on views read before the command: on their conflict, read again and retry. */
export type ItemProjection = Projection<ItemState, ItemEvent> & { rereadOnConflict(): readonly { pk: string; sk: string }[] };

/**
 * Who gave the item's approval or decline as it stands after the change: the actor of the change's
 * own approval event; none when the item had no answer before (only such an event gives one);
 * undefined when the answer stands from before, whose name its view keeps (approverNameFromView).
 */
function approverNameAt({ before, events }: Change<ItemState, ItemEvent>): string | undefined {
  const answered = events.findLast((event) => event.type === 'ItemApproved' || event.type === 'ItemDeclined');
  if (answered) return answered.meta.displayName;
  if (!before.approval) return '';
  return undefined;
}

/** The name the item's view keeps for an answer that stands from before (the item routes hand that view over with their access check). */
async function approverNameFromView({ before, events }: Change<ItemState, ItemEvent>, location: ItemLocation, views: ViewTable): Promise<string> {
  const after = events.reduce(evolveItem, before);
  if (!after.exists || !after.approval) return '';
  const view = await views.get<ItemView>(stateKeys.roomItem(location.roomId, before.itemId));
  return view?.approval?.name ?? '';
}

/** The item's view writes; true when they settle the room's completion too (see itemViews). */
function writeItemViews(writes: WriteSet, { before, events }: Change<ItemState, ItemEvent>, location: ItemLocation, room: Pick<RoomView, 'total' | 'completed' | 'isComplete'> | undefined, approver: string): boolean {
  let state = before;
  for (const stored of events) {
    const after = evolveItem(state, stored);
    const fromTemplate = stored.type === 'ItemAdded' && stored.data.fromTemplate;
    if (!fromTemplate) {
      writes.put(historyItem(location.projectId, stored, describeItemEvent(stored, { itemName: after.name || state.name, roomName: location.roomName })));
    }
    state = after;
  }
  if (state.exists) writes.put(itemItem(location.projectId, state, approver, events.at(-1)?.version));
  else writes.delete(stateKeys.roomItem(location.roomId, state.itemId || before.itemId));
  if (!before.exists && state.exists) {
    // The room must still be there when the item lands in it: its counters' update below is
    // conditioned on its view being there (a room's view and pointer go together), so no
    // ConditionCheck (2 write units more) on its pointer.
    writes.put({ ...stateKeys.itemPointer(state.itemId), projectId: location.projectId, roomId: location.roomId });
  }
  if (before.exists && !state.exists) writes.delete(stateKeys.itemPointer(before.itemId));
  const delta = countsDelta(before, state);
  const roomKey = stateKeys.projectRoom(location.projectId, location.roomId);
  const settles = room !== undefined && (delta.total !== 0 || delta.completed !== 0);
  if (settles) {
    const leavesRoomIncomplete = state.exists && !isComplete(state);
    const total = room.total + delta.total;
    const complete = !leavesRoomIncomplete && total > 0 && room.completed + delta.completed === total;
    // Before the counters' ADD: the room's one update keeps this condition.
    writes.set(roomKey, { isComplete: complete }, leavesRoomIncomplete
      ? { expression: 'isComplete = :was', values: { ':was': room.isComplete } }
      : {
          expression: 'isComplete = :was AND #total = :total AND #completed = :completed',
          names: { '#total': 'total', '#completed': 'completed' },
          values: { ':was': room.isComplete, ':total': room.total, ':completed': room.completed },
        });
    if (complete !== room.isComplete) writes.add(stateKeys.projectSummary(location.projectId), { completedRooms: complete ? 1 : -1 });
  }
  // One ADD per counter group, not the groups spread into one object: on Node 20, making that
  // object and iterating it cost about 3 µs an ADD, a sixth of an event's replay.
  const budget = budgetDelta(before, state);
  const summaryKey = stateKeys.projectSummary(location.projectId);
  writes.add(roomKey, delta).add(roomKey, budget);
  writes.add(summaryKey, summaryCounterDeltas(delta)).add(summaryKey, budget);
  return settles;
}
