import type { ChatMessage } from '../../../contract/chat';
import { apiFlagStats, flagStatsOfApi, flagsOfApi } from '../../../contract/flags';
import type { ChecklistItem, Project, ProjectStats, Room } from '../../../contract/projects';
import { mergeCabinetDetails, mergeList } from '../../../events/projects/edit-base';
import type { CabinetDetails } from '../../../events/projects/events';
import { hasDoorCounts } from '../../../events/projects/checklist-layout';
import { isComplete } from '../../../events/projects/model';
import type { OutboxCommand } from './command';

/**
 * What the page shows while changes wait: the server's data with the outbox's commands applied on
 * top, in order, as the server will apply them (lists merged against their base, flags set to a
 * value), by the server's own rules (events/projects/edit-base.ts). Applying the same command
 * twice gives the same result, so a list that already shows a command (the cache, persisted) can
 * take it again.
 */

const listKeys = ['referenceLinks', 'referenceImages', 'cabinetLinks', 'cabinetImages'] as const;
type ListKey = (typeof listKeys)[number];
const isListKey = (key: string): key is ListKey => (listKeys as readonly string[]).includes(key);

type PatchBody = Record<string, unknown> & { base?: Record<string, unknown> };

/**
 * A door knob item's two counts lead its links, merged by position (the server's countedEntries,
 * events/projects/item-fields.ts; not imported: that module brings the event schemas, and zod, to
 * the page).
 */
const doorCounts = (key: ListKey, item: ChecklistItem) => (key === 'referenceLinks' && hasDoorCounts(item) ? 2 : 0);

/** As the server reads a list (events/projects/item.ts). */
const trimmed = (values: readonly string[]) => values.map((value) => value.trim());

/** An item with one patch applied (a PATCH's fields; an approval or decline as provisional answers). */
export function patchedItem(item: ChecklistItem, command: OutboxCommand): ChecklistItem {
  if (command.route === 'approveItem' || command.route === 'declineItem') return answeredItem(item, command);
  if (command.route !== 'patchItem' || command.photo) return item;
  const { base, ...changes } = (command.body ?? {}) as PatchBody;
  const next: Record<string, unknown> = { ...item };
  for (const [key, value] of Object.entries(changes)) {
    if (isListKey(key) && Array.isArray(base?.[key]) && Array.isArray(value)) {
      next[key] = mergeList(item[key], trimmed(base[key] as string[]), trimmed(value as string[]), doorCounts(key, item));
    } else if (key === 'cabinetDetails' && base && 'cabinetDetails' in base) {
      // A text someone else changed too is the server's to refuse; shown as mine meanwhile.
      next[key] = mergeCabinetDetails(item.cabinetDetails, base.cabinetDetails as CabinetDetails | null, value as CabinetDetails | null).merged;
    } else if (key === 'photoMarkup' && value && typeof value === 'object') {
      // Issue 30: one photo's markup set (or removed, null) in the item's map of markups.
      const { objectPath, markup } = value as { objectPath: string; markup: unknown };
      const { [objectPath]: _old, ...others } = ((item as { photoMarkup?: Record<string, unknown> }).photoMarkup ?? {});
      next[key] = markup ? { ...others, [objectPath]: markup } : others;
    } else next[key] = value;
  }
  const patched = next as unknown as ChecklistItem;
  return { ...patched, completed: isComplete(flagsOfApi(patched)) };
}

/** The client's approval or decline, shown at once; the server's answer replaces it. */
function answeredItem(item: ChecklistItem, command: OutboxCommand): ChecklistItem {
  const body = (command.body ?? {}) as { selectionHash?: string; reason?: string };
  const by = { id: command.userId, name: 'You' };
  const selectionHash = body.selectionHash ?? item.selectionHash;
  return {
    ...item,
    approval:
      command.route === 'approveItem'
        ? { status: 'approved', approvedAt: command.deviceTime, approvedBy: by, selectionHash }
        : { status: 'declined', declinedAt: command.deviceTime, declinedBy: by, reason: body.reason ?? '', selectionHash },
  };
}

/** A new item as the server makes it from createItem's body (every flag off, nothing set), until its answer comes. */
export function createdItem(command: OutboxCommand): ChecklistItem {
  const body = command.body as Partial<ChecklistItem> & { id: string; roomId: string };
  return {
    id: body.id,
    roomId: body.roomId,
    category: body.category!,
    name: body.name ?? '',
    completed: false,
    contractorCompleted: false,
    clientCompleted: false,
    purchasesMade: false,
    details: body.details ?? '',
    itemType: body.itemType ?? 'single',
    cabinetDetails: body.cabinetDetails ?? null,
    cabinetLinks: [],
    cabinetImages: [],
    referenceLinks: [],
    referenceImages: [],
    order: body.order ?? 0,
    allowance: null,
    cost: null,
    decideBy: null,
    leadTimeDays: null,
    approval: null,
    selectionHash: '',
    version: 0,
  };
}

/** A room's items with the commands applied: items added to it, items deleted, items changed. */
export function itemsAfter(items: readonly ChecklistItem[], roomId: string, commands: readonly OutboxCommand[]): ChecklistItem[] {
  let next = [...items];
  for (const command of commands) {
    if (command.route === 'createItem' && command.roomId === roomId && !next.some((item) => item.id === command.itemId)) next.push(createdItem(command));
    else if (command.route === 'deleteItem') next = next.filter((item) => item.id !== command.itemId);
    else if (command.itemId && next.some((item) => item.id === command.itemId)) next = next.map((item) => (item.id === command.itemId ? patchedItem(item, command) : item));
  }
  return next;
}

/** A new room as the server makes it from createRoom's body (its template items come with its answer). */
export function createdRoom(command: OutboxCommand): Room {
  const body = command.body as { id: string; projectId: string; type: Room['type']; name?: string; customName?: string | null };
  return { id: body.id, projectId: body.projectId, type: body.type, name: body.name ?? '', customName: body.customName ?? null, lockBoxCode: null, totalItems: 0, completedItems: 0 };
}

export function roomsAfter(rooms: readonly Room[], projectId: string, commands: readonly OutboxCommand[]): Room[] {
  let next = [...rooms];
  for (const command of commands) {
    if (command.projectId !== projectId) continue;
    if (command.route === 'createRoom' && !next.some((room) => room.id === command.roomId)) next.push(createdRoom(command));
    else if (command.route === 'deleteRoom') next = next.filter((room) => room.id !== command.roomId);
    else if (command.route === 'renameRoom') {
      const { customName } = command.body as { customName: string };
      next = next.map((room) => (room.id === command.roomId ? { ...room, customName } : room));
    }
  }
  return next;
}

/** The project with its lock box code as last typed. */
export function projectAfter(project: Project, commands: readonly OutboxCommand[]): Project {
  let next = project;
  for (const command of commands) {
    if (command.route !== 'patchProject' || command.projectId !== project.id) continue;
    const { lockBoxCode } = command.body as { lockBoxCode?: string | null };
    if (lockBoxCode !== undefined) next = { ...next, lockBoxCode };
  }
  return next;
}

/** A chat message written offline, as its sender sees it until the server has it ('Sending…'). */
export function pendingMessage(command: OutboxCommand): ChatMessage {
  const body = command.body as { senderType: ChatMessage['senderType']; senderName: string; message: string };
  return {
    id: command.id,
    projectId: command.projectId,
    senderType: body.senderType,
    senderName: body.senderName,
    message: body.message,
    messageType: 'chat',
    roomId: null,
    timestamp: command.deviceTime,
    readByContractor: false,
    readByClient: false,
  };
}

export function chatAfter(messages: readonly ChatMessage[], projectId: string, commands: readonly OutboxCommand[]): ChatMessage[] {
  const waiting = commands.filter((command) => command.route === 'postChat' && command.projectId === projectId && !messages.some((message) => message.id === command.id));
  return [...messages, ...waiting.map(pendingMessage)];
}

/** The counters of a set of items. */
function figures(items: readonly ChecklistItem[]) {
  const flags = items.map(flagsOfApi);
  return {
    total: items.length,
    completed: flags.filter(isComplete).length,
    selected: flags.filter((entry) => entry.selected).length,
    installed: flags.filter((entry) => entry.installed).length,
  };
}

const percent = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

/** The project's counters moved by the difference between two versions of some of its items (`before` → `after`). */
export function statsAfter(stats: ProjectStats, before: readonly ChecklistItem[], after: readonly ChecklistItem[]): ProjectStats {
  const was = figures(before);
  const is = figures(after);
  const { count } = flagStatsOfApi(stats);
  const total = stats.total + is.total - was.total;
  const completed = stats.completed + is.completed - was.completed;
  const next = { selected: count.selected + is.selected - was.selected, installed: count.installed + is.installed - was.installed };
  return {
    total,
    completed,
    ...apiFlagStats(next, { selected: percent(next.selected, total), installed: percent(next.installed, total) }),
    percentage: percent(completed, total),
  };
}
