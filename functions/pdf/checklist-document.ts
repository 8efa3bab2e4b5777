import type { ChecklistItem, Project, Room } from '../../contract/projects';
import { groupRooms, type RoomGroup } from '../../events/projects/checklist-layout';
import { sectionsFor, type Section } from '../../events/projects/model';
import type { Progress } from '../projects/dto';
import type { InlinedPhotos } from './photo-inliner';
import type { PunchPdfRoom } from './punch-section';

/** What the checklist's PDF shows (./checklist-html.tsx draws it), and the order it shows it in. */

export interface ChecklistDocument {
  readonly project: Project;
  readonly stats: Progress;
  readonly rooms: readonly { readonly room: Room; readonly items: readonly ChecklistItem[] }[];
  readonly photos: InlinedPhotos;
  readonly exportedAt: Date;
  /** Where the app is served: left-out uploads are listed as links under it. */
  readonly appUrl: string;
  /** The punch list (issue 30), by room: its own section after the rooms. */
  readonly punch?: readonly PunchPdfRoom[];
}

export interface LaidOutRoom {
  readonly room: Room;
  readonly items: readonly ChecklistItem[];
  readonly sections: readonly { readonly section: Section; readonly items: readonly ChecklistItem[] }[];
}

/** Groups in the spec's order, rooms sorted within them, items by the room card's sections (empty sections left out). */
export function layOutChecklist(rooms: ChecklistDocument['rooms']): { group: RoomGroup; rooms: LaidOutRoom[] }[] {
  const itemsOf = new Map(rooms.map(({ room, items }) => [room.id, items]));
  return groupRooms(rooms.map(({ room }) => room)).map(({ group, rooms: inGroup }) => ({
    group,
    rooms: inGroup.map((room) => {
      const items = itemsOf.get(room.id) ?? [];
      const sections = sectionsFor(room.type)
        .map((section) => ({ section, items: items.filter((item) => section.categories.includes(item.category)) }))
        .filter((section) => section.items.length > 0);
      return { room, items, sections };
    }),
  }));
}
