import type { ChecklistItem, ChecklistRoom } from '../../../contract/projects';
import type { ReadOverlay } from '../../api/read-overlay';
import type { OutboxCommand } from './command';
import { chatAfter, itemsAfter, projectAfter, roomsAfter, statsAfter } from './overlay';

/**
 * The reads' overlay (web/api/read-overlay.ts) for the outbox's commands: a read made while
 * changes wait shows them on top of its answer. The counters come as figures only, so the items
 * the server last sent are remembered, to move the figures by what the waiting changes do to them.
 */

const serverItems = new Map<string, ChecklistItem>();

/** Items as the server sent them (a read or a write's answer). */
export function rememberItems(items: readonly ChecklistItem[]): void {
  for (const item of items) serverItems.set(item.id, item);
}

export function overlayOf(waiting: () => readonly OutboxCommand[]): ReadOverlay {
  const forProject = (projectId: string) => waiting().filter((command) => command.projectId === projectId);
  return {
    items(roomId, items) {
      rememberItems(items);
      return itemsAfter(items, roomId, waiting());
    },
    rooms: (projectId, rooms) => roomsAfter(rooms, projectId, forProject(projectId)),
    chat: (projectId, messages) => chatAfter(messages, projectId, forProject(projectId)),
    checklist(projectId, checklist) {
      const served = checklist.rooms.flatMap((room) => room.items);
      rememberItems(served);
      const commands = forProject(projectId);
      if (commands.length === 0) return checklist;
      const byId = new Map(checklist.rooms.map((room) => [room.id, room]));
      const rooms: ChecklistRoom[] = roomsAfter(checklist.rooms, projectId, commands).map((room) => ({
        ...room,
        items: itemsAfter(byId.get(room.id)?.items ?? [], room.id, commands),
      }));
      const shown = rooms.flatMap((room) => room.items);
      return { project: projectAfter(checklist.project, commands), stats: statsAfter(checklist.stats, served, shown), rooms };
    },
    stats(projectId, stats) {
      const commands = forProject(projectId).filter((command) => command.itemId && command.roomId);
      if (commands.length === 0) return stats;
      const before: ChecklistItem[] = [];
      const after: ChecklistItem[] = [];
      for (const roomId of new Set(commands.map((command) => command.roomId!))) {
        const touched = new Set(commands.filter((command) => command.roomId === roomId).map((command) => command.itemId!));
        const known = [...touched].flatMap((id) => serverItems.get(id) ?? []);
        before.push(...known);
        after.push(...itemsAfter(known, roomId, commands));
      }
      return statsAfter(stats, before, after);
    },
  };
}
