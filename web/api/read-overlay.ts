import type { ChatMessage } from '../../contract/chat';
import type { ChecklistItem, ProjectChecklist, ProjectStats, Room } from '../../contract/projects';

/**
 * What the reads show on top of the server's answer: the changes still waiting in the outbox
 * (web/offline/outbox), so a read made while they wait does not take them off the page. The
 * outbox sets it once it has read itself back; until then, and without one, answers are shown as
 * they came.
 */
export interface ReadOverlay {
  items(roomId: string, items: ChecklistItem[]): ChecklistItem[];
  rooms(projectId: string, rooms: Room[]): Room[];
  checklist(projectId: string, checklist: ProjectChecklist): ProjectChecklist;
  stats(projectId: string, stats: ProjectStats): ProjectStats;
  chat(projectId: string, messages: ChatMessage[]): ChatMessage[];
}

const asAnswered: ReadOverlay = {
  items: (_, items) => items,
  rooms: (_, rooms) => rooms,
  checklist: (_, checklist) => checklist,
  stats: (_, stats) => stats,
  chat: (_, messages) => messages,
};

let current: ReadOverlay = asAnswered;

export const readOverlay = (): ReadOverlay => current;

export function setReadOverlay(overlay: ReadOverlay): void {
  current = overlay;
}
