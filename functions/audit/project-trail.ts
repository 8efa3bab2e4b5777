import type { AuditStream, AuditSubject, FieldChange, ItemHistoryEntry, ProjectAudit, ProjectAuditEntry } from '../../contract/audit';
import { auditTrail, type AuditEntry } from '../../events/audit';
import { chatDecider } from '../../events/chat/chat';
import type { StoredEvent } from '../../events/envelope';
import type { ChecklistItem } from '../../contract/projects';
import type { ItemEvent } from '../../events/projects/events';
import { itemDecider, type ItemState } from '../../events/projects/item';
import { projectDecider, type ProjectState } from '../../events/projects/project';
import { displayName } from '../../events/projects/room-naming';
import { catalogue } from '../../events/registered-events';
import { parseStreamId } from '../../events/streams';
import { changeOrderTrailEntries } from '../change-orders/audit';
import { punchDecider } from '../../events/punch/punch';
import { punchTrailEntries } from '../punch/audit';
import { itemDto } from '../projects/dto';
import { itemItem } from '../projections/item-views';

/**
 * The audit trail of a project: each event of its streams (the project, its items, deleted ones
 * too, its chat) as an entry in the item history's shape (who, as what, when, each field before →
 * after in the API's names), with what it is about. Folded from the events as stored, the same
 * events the audit export carries and the verifier checks.
 */

const entryOf = ({ version, event, at, deviceTime, actorId, actor, role, changes }: AuditEntry): ItemHistoryEntry => ({
  version,
  eventType: event,
  at,
  ...(deviceTime ? { deviceTime } : {}),
  actor: { id: actorId, name: actor, role },
  changes: [...changes],
});

/**
 * An item's events as its History lists them: the fields of the item DTO, before → after (an
 * approval named by its approver, the actor of its event). An approval also shows what it covered:
 * the selection it recorded, whose hash it carries.
 */
export function itemHistoryEntries(projectId: string, events: readonly StoredEvent[]): ItemHistoryEntry[] {
  const owned = events.filter(itemDecider.owns);
  const view = itemAuditView(projectId, owned);
  // selectionHash is derived from the fields listed beside it: a change shows as those fields, not
  // twice; the version moves with every event, a change of no field.
  const fields = (state: ItemState) => {
    if (!state.exists) return {};
    const { selectionHash: _derived, version: _version, ...item } = view(state);
    return item;
  };
  return auditTrail(owned, itemDecider.initialState, itemDecider.evolve, fields).map((entry, index) => {
    const event = owned[index]!;
    const covered = event.type === 'ItemApproved' ? [{ field: 'approvedSelection', before: null, after: event.data.selection }] : [];
    return { ...entryOf(entry), changes: [...entry.changes, ...covered] };
  });
}

/** An item's state as the API answers it (at `version`, when given), its approval named by the actor of the item's events who gave it. */
export function itemAuditView(projectId: string, events: readonly (StoredEvent & ItemEvent)[]): (state: ItemState, version?: number) => ChecklistItem {
  const approvers = new Map(events.filter((event) => event.type === 'ItemApproved' || event.type === 'ItemDeclined').map((event) => [event.meta.actorId, event.meta.displayName]));
  return (state, version) => itemDto(itemItem(projectId, state, approvers.get(state.approval?.by ?? '') ?? '', version));
}

/** The project's fields as the API names them, and each live room as `room:<id>` → its name. */
function projectFields(state: ProjectState): object {
  if (!state.exists) return {};
  return {
    ...state.details,
    lockBoxCode: state.lockBoxCode,
    clientAssigned: state.clientId !== null,
    ...Object.fromEntries(state.rooms.map((room) => [`room:${room.roomId}`, displayName(room)])),
  };
}

function chatChanges(event: StoredEvent): FieldChange[] {
  const data = event.data as { message?: string; messageIds?: string[] };
  if (event.type === 'MessagePosted') return [{ field: 'message', before: null, after: data.message ?? '' }];
  if (event.type === 'MessagesRead') return [{ field: 'messagesRead', before: null, after: data.messageIds?.length ?? 0 }];
  return [];
}

export interface ProjectTrail {
  entries: ProjectAuditEntry[];
  filters: ProjectAudit['filters'];
}

export function projectTrail(projectId: string, streams: readonly AuditStream[]): ProjectTrail {
  const roomNames = new Map<string, string>();
  const items: Array<{ id: string; name: string; roomId: string }> = [];
  /** Each person under the latest name they acted with. */
  const people = new Map<string, { person: ProjectAudit['filters']['people'][number]; at: string }>();
  const entries: ProjectAuditEntry[] = [];
  const byKind = { project: [] as AuditStream[], item: [] as AuditStream[], chat: [] as AuditStream[], punch: [] as AuditStream[], changeOrder: [] as AuditStream[] };
  for (const stream of streams) {
    const kind = parseStreamId(stream.streamId)?.kind;
    if (kind === 'project' || kind === 'item' || kind === 'chat' || kind === 'punch' || kind === 'changeOrder') byKind[kind].push(stream);
  }
  const upcast = (events: readonly StoredEvent[]) => events.map((event) => catalogue.upcast(event));

  // The project first: it names the rooms that items and messages refer to.
  for (const { streamId, events } of byKind.project) {
    const owned = upcast(events).filter(projectDecider.owns);
    let state = projectDecider.initialState;
    const roomOf = (event: StoredEvent) => (event.data as { roomId?: string }).roomId;
    auditTrail(owned, state, projectDecider.evolve, projectFields).forEach((entry, index) => {
      const event = owned[index]!;
      state = projectDecider.evolve(state, event);
      for (const room of state.rooms) roomNames.set(room.roomId, displayName(room));
      const roomId = roomOf(event);
      if (roomId && event.type === 'RoomDeleted') roomNames.set(roomId, (event.data as { name: string }).name);
      entries.push({ ...entryOf(entry), streamId, subject: roomId ? { kind: 'room', roomId } : { kind: 'project' } });
    });
  }

  for (const { streamId, events } of byKind.item) {
    const owned = upcast(events).filter(itemDecider.owns);
    const last = owned.reduce<ItemState>((state, event) => {
      const next = itemDecider.evolve(state, event);
      return next.exists ? next : state;
    }, itemDecider.initialState);
    const itemId = parseStreamId(streamId)!.id;
    items.push({ id: itemId, name: last.name, roomId: last.roomId });
    const subject: AuditSubject = { kind: 'item', itemId, itemName: last.name, category: last.category, roomId: last.roomId };
    for (const entry of itemHistoryEntries(projectId, owned)) entries.push({ ...entry, streamId, subject });
  }

  for (const { streamId, events } of byKind.chat) {
    for (const event of upcast(events).filter(chatDecider.owns)) {
      const roomId = (event.data as { roomId?: string | null }).roomId ?? undefined;
      const { version, type, meta } = event;
      entries.push({ version, eventType: type, at: meta.at, ...(meta.deviceTime ? { deviceTime: meta.deviceTime } : {}), actor: { id: meta.actorId, name: meta.displayName, role: meta.role }, changes: chatChanges(event), streamId, subject: roomId ? { kind: 'chat', roomId } : { kind: 'chat' } });
    }
  }

  // Punch items (issue 30): about the checklist item they name (so its filter finds them), else their room.
  for (const { streamId, events } of byKind.punch) {
    const owned = upcast(events).filter(punchDecider.owns);
    for (const entry of punchTrailEntries(owned)) {
      const { roomId, itemId } = entry.state;
      const item = itemId ? items.find((candidate) => candidate.id === itemId) : undefined;
      entries.push({ ...entry.entry, streamId, subject: item ? { kind: 'item', itemId: item.id, itemName: item.name, roomId } : { kind: 'room', roomId } });
    }
  }

  // Change orders (issue 30): about the checklist item when they name exactly one (so its filter finds them), else the project.
  for (const { streamId, events } of byKind.changeOrder) {
    for (const { entry, itemIds } of changeOrderTrailEntries(upcast(events), (id) => items.find((candidate) => candidate.id === id)?.name)) {
      const item = itemIds.length === 1 ? items.find((candidate) => candidate.id === itemIds[0]) : undefined;
      entries.push({ ...entry, streamId, subject: item ? { kind: 'item', itemId: item.id, itemName: item.name, roomId: item.roomId } : { kind: 'project' } });
    }
  }

  for (const entry of entries) {
    if (entry.subject.roomId) entry.subject.roomName = roomNames.get(entry.subject.roomId) ?? 'Unknown room';
    const known = people.get(entry.actor.id);
    if (!known || known.at < entry.at) people.set(entry.actor.id, { person: entry.actor, at: entry.at });
  }
  entries.sort(newestFirst);
  return {
    entries,
    filters: {
      rooms: [...roomNames].map(([id, name]) => ({ id, name })),
      items: items.map((item) => ({ ...item, roomName: roomNames.get(item.roomId) ?? 'Unknown room' })).sort((a, b) => a.roomName.localeCompare(b.roomName) || a.name.localeCompare(b.name)),
      people: [...people.values()].map(({ person }) => person).sort((a, b) => a.name.localeCompare(b.name)),
    },
  };
}

/** Newest first; events of one moment by stream, then version, so the order (and a cursor into it) is total. */
function newestFirst(a: ProjectAuditEntry, b: ProjectAuditEntry): number {
  return b.at.localeCompare(a.at) || b.streamId.localeCompare(a.streamId) || b.version - a.version;
}

/** A page's cursor: the last entry it shows. */
export const cursorOf = (entry: ProjectAuditEntry): string => `${entry.at}|${entry.streamId}|${entry.version}`;

/** The entries after the cursor's, or undefined when it is not a cursor this trail gave out. */
export function afterCursor(entries: readonly ProjectAuditEntry[], cursor: string): ProjectAuditEntry[] | undefined {
  const [at, streamId, version] = cursor.split('|');
  if (!at || !streamId || !/^\d+$/.test(version ?? '')) return undefined;
  const mark = { at, streamId, version: Number(version) } as ProjectAuditEntry;
  return entries.filter((entry) => newestFirst(mark, entry) < 0);
}

export interface TrailFilter {
  room?: string;
  item?: string;
  person?: string;
  from?: string;
  to?: string;
}

export function matches(entry: ProjectAuditEntry, { room, item, person, from, to }: TrailFilter): boolean {
  return (
    (room === undefined || entry.subject.roomId === room) &&
    (item === undefined || entry.subject.itemId === item) &&
    (person === undefined || entry.actor.id === person) &&
    (from === undefined || entry.at >= from) &&
    (to === undefined || entry.at <= to)
  );
}
