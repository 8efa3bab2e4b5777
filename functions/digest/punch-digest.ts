import { displayName } from '../../events/projects/room-naming';
import type { RoomView } from '../projections/project-views';
import { punchItemsByRoom } from '../punch/read';

/**
 * The digest's punch part (issue 30): the punch items the contractor marked fixed, which wait for
 * the client's check. Read only for a project whose summary counts some (its `punchFixed`).
 */

export interface AwaitingCheck {
  readonly title: string;
  readonly roomName: string;
}

export async function punchAwaitingCheck(project: { id: string; punchFixed?: number }, rooms: readonly RoomView[]): Promise<AwaitingCheck[]> {
  if (!project.punchFixed) return [];
  const names = new Map(rooms.map((room) => [room.id, displayName(room)]));
  return (await punchItemsByRoom(project.id, { status: 'fixed' }, rooms)).map((view) => ({ title: view.title, roomName: names.get(view.roomId) ?? '' }));
}

export const awaitingCheckLine = (item: AwaitingCheck) => `${item.title} (${item.roomName}): fixed, awaiting your check`;
