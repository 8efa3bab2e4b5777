import type { PunchItem } from '../../contract/punch';
import type { PunchStatus } from '../../events/punch/model';
import type { Principal } from '../auth/session-token';
import type { RoomView } from '../projections/project-views';
import type { PunchItemView } from '../projections/punch-views';
import { stateKeys } from '../store/keys';
import { stateViewTable } from '../store/view-table';
import { punchDto } from './dto';

/**
 * A project's punch list, read from its partition: its rooms (in the checklist's order) and its
 * punch items, those of a deleted room left out (the room's counts left with it). Ordered by
 * room, then oldest first.
 */
export async function listPunchItems(projectId: string, principal: Pick<Principal, 'userId'>, filter: { status?: PunchStatus; roomId?: string } = {}): Promise<PunchItem[]> {
  const partition = await stateViewTable.query(stateKeys.projectSummary(projectId).pk);
  const rooms = new Map(
    partition
      .filter((item) => item.sk.startsWith(stateKeys.projectRoomsPrefix))
      .map((item) => [(item as unknown as RoomView).id, (item as unknown as RoomView).position] as const),
  );
  return partition
    .filter((item) => item.sk.startsWith(stateKeys.projectPunchPrefix))
    .map((item) => item as unknown as PunchItemView)
    .filter((view) => rooms.has(view.roomId) && (!filter.status || view.status === filter.status) && (!filter.roomId || view.roomId === filter.roomId))
    .sort((a, b) => rooms.get(a.roomId)! - rooms.get(b.roomId)! || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map((view) => punchDto(view, principal));
}
