import { notFound } from '../../events/errors';
import { projectStreamId } from '../../events/streams';
import type { Principal } from '../auth/session-token';
import { streamHeadOf, type StreamHead } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';
import { refuseIfArchived } from './archived-project';
import { isMember } from './read';
import type { ProjectSummaryView, RoomView } from '../projections/project-views';

/**
 * Access to a project for a command on it, in as few round trips as the route allows: a route
 * with the project's id in its path preloads the summary (who may see it) and the project's
 * stream head (its snapshot) with the session; a room's route preloads the room's pointer, then
 * reads the summary, the room and the head in one BatchGetItem.
 */

export interface ProjectAccess {
  readonly summary: ProjectSummaryView;
  readonly head: StreamHead;
}

const projectKeys = (projectId: string) => [stateKeys.projectSummary(projectId), stateKeys.streamHead(projectStreamId(projectId))];

/** A project route's preload (see httpHandler's `preload`). */
export const projectPreload = ({ id }: { id: string }) => projectKeys(id);

/** A project read's preload: only the summary, which says who may see the project (and holds its counters). */
export const summaryPreload = ({ id }: { id: string }) => [stateKeys.projectSummary(id)];
/** The same for the routes that name the project `{projectId}`. */
export const summaryByProjectIdPreload = ({ projectId }: { projectId: string }) => summaryPreload({ id: projectId });

/** A room route's preload: the room's pointer, which names its project. */
export const roomPreload = ({ id }: { id: string }) => [stateKeys.roomPointer(id)];

/** The summary (as read) if the caller may see its project; 404 naming `what` otherwise. */
export function visibleSummary(principal: Principal, summary: object | undefined, what = 'Project'): ProjectSummaryView {
  if (!summary || !isMember(summary as ProjectSummaryView, principal)) throw notFound(what);
  return summary as ProjectSummaryView;
}

// Only commands come this way: an archived project takes none (refuseIfArchived).
const accessOf = (principal: Principal, summary: ProjectSummaryView | undefined, head: Record<string, unknown> | undefined, what: string): ProjectAccess => {
  refuseIfArchived(visibleSummary(principal, summary, what));
  return { summary: summary!, head: streamHeadOf(head) };
};

/** The project (its summary and stream head) if the caller may see it; 404 otherwise. `preloaded`: what projectPreload read. */
export async function accessibleProject(principal: Principal, projectId: string, preloaded: readonly (Record<string, unknown> | undefined)[] = []): Promise<ProjectAccess> {
  const [summary, head] = preloaded.length ? preloaded : await getStateItems(projectKeys(projectId));
  return accessOf(principal, summary as ProjectSummaryView | undefined, head, 'Project');
}

/** The room, its project's summary and the project's stream head, if the caller may see them; 404 otherwise. `preloaded`: what roomPreload read. */
export async function accessibleRoomOfProject(principal: Principal, roomId: string, preloaded: readonly (Record<string, unknown> | undefined)[] = []): Promise<ProjectAccess & { room: RoomView }> {
  const [pointer] = preloaded.length ? preloaded : await getStateItems([stateKeys.roomPointer(roomId)]);
  if (!pointer) throw notFound('Room');
  const projectId = pointer.projectId as string;
  const [summary, head, room] = await getStateItems<[ProjectSummaryView, Record<string, unknown>, RoomView]>([...projectKeys(projectId), stateKeys.projectRoom(projectId, roomId)]);
  if (!room) throw notFound('Room');
  return { ...accessOf(principal, summary, head, 'Room'), room };
}
