import type { Room } from '../../contract/projects';
import { displayName } from '../../events/projects/room-naming';
import { assigneeLabel } from '../../events/punch/model';
import type { PunchPdfItem, PunchPdfRoom } from './punch-section';
import type { RoomView } from '../projections/project-views';
import { punchItemsByRoom } from '../punch/read';

/** The section's rows, read from the punch list's views (rooms in the checklist's order). */
export async function punchForPdf(projectId: string, rooms: readonly { readonly room: Room }[]): Promise<PunchPdfRoom[]> {
  const views = await punchItemsByRoom(projectId, {}, rooms.map(({ room }, position) => ({ ...room, position }) as unknown as RoomView));
  const byRoom = new Map<string, PunchPdfItem[]>();
  for (const view of views) {
    const list = byRoom.get(view.roomId) ?? [];
    list.push({ id: view.id, title: view.title, note: view.note ?? '', status: view.status, assignee: assigneeLabel(view.assignee), dueDate: view.dueDate ?? null, photos: (view.photos ?? []).length, reopenReason: view.reopenReason ?? null, fixNote: view.fixNote ?? '' });
    byRoom.set(view.roomId, list);
  }
  return rooms.filter(({ room }) => byRoom.has(room.id)).map(({ room }) => ({ roomName: displayName(room), items: byRoom.get(room.id)! }));
}

