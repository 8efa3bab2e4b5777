import { stateKeys } from '../store/keys';
import { ViewConflict, type ViewTable } from '../store/view-table';
import type { RoomView } from './project-views';

/**
 * A room is complete when it has items and all are complete. Its counters move by ADD from
 * concurrent item changes, so whether it just became complete is settled here, after the item's
 * commit: flip the room's flag only if its counters still say so, and count the flip once in
 * the project's completedRooms.
 */
export async function settleRoomCompletion(views: ViewTable, projectId: string, roomId: string, attempts = 5): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const room = await views.get<RoomView>(stateKeys.projectRoom(projectId, roomId));
    if (!room) return;
    const complete = room.total > 0 && room.completed === room.total;
    if (complete === room.isComplete) return;
    const writes = views
      .writeSet()
      .set(stateKeys.projectRoom(projectId, roomId), { isComplete: complete }, {
        expression: 'isComplete = :was AND #total = :total AND #completed = :completed',
        names: { '#total': 'total', '#completed': 'completed' },
        values: { ':was': room.isComplete, ':total': room.total, ':completed': room.completed },
      })
      .add(stateKeys.projectSummary(projectId), { completedRooms: complete ? 1 : -1 });
    try {
      await views.commit(writes);
      return;
    } catch (error) {
      // The room moved on meanwhile (or its project went): look again.
      if (!(error instanceof ViewConflict)) throw error;
    }
  }
}
