import type { PunchItem } from '../../contract/punch';
import type { PunchStatus } from '../../events/punch/model';
import type { Principal } from '../auth/session-token';
import type { RoomView } from '../projections/project-views';
import type { PunchItemView } from '../projections/punch-views';
import { listRooms } from '../projects/read';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { punchDto } from './dto';

/** A project's punch item views, as kept in its partition (one query, the punch items only). */
export const punchItemViews = (projectId: string) =>
  queryAll<PunchItemView>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': stateKeys.projectSummary(projectId).pk, ':prefix': stateKeys.projectPunchPrefix },
    ConsistentRead: true,
  });

/**
 * A project's punch items by room (in the checklist's order), then oldest first; those of a
 * deleted room are left out (the room's counts left with it). `rooms`: the project's, when read.
 */
export async function punchItemsByRoom(projectId: string, filter: { status?: PunchStatus; roomId?: string } = {}, rooms?: readonly RoomView[]): Promise<PunchItemView[]> {
  const [views, roomList] = await Promise.all([punchItemViews(projectId), rooms ?? listRooms(projectId)]);
  const positions = new Map(roomList.map((room) => [room.id, room.position]));
  return views
    .filter((view) => positions.has(view.roomId) && (!filter.status || view.status === filter.status) && (!filter.roomId || view.roomId === filter.roomId))
    .sort((a, b) => positions.get(a.roomId)! - positions.get(b.roomId)! || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The punch list as the API answers it to this person. */
export async function listPunchItems(projectId: string, principal: Pick<Principal, 'userId'>, filter: { status?: PunchStatus; roomId?: string } = {}): Promise<PunchItem[]> {
  return (await punchItemsByRoom(projectId, filter)).map((view) => punchDto(view, principal));
}
