import type { AuditSubject, ProjectAuditEntry } from '../../contract/audit';
import type { ChecklistItem } from '../../contract/projects';
import { changeLines, eventSummary, showsChanges, valueText, type ChangeLine } from '../checklist/item-history-format';

/**
 * The Audit page's pure rules: what an entry is about, what it did, and its field lines in the
 * app's words (items as their History reads them; the project's fields as its form labels them),
 * and the filters as the URL and the API carry them.
 */

const projectFieldLabels: Record<string, string> = {
  name: 'Project name',
  address: 'Address',
  clientName: 'Client name',
  clientEmail: 'Client email',
  clientPhone: 'Client phone',
  status: 'Status',
  contractorNotes: 'Contractor notes',
  startDate: 'Start date',
  targetCompletionDate: 'Target completion date',
  lockBoxCode: 'Lock box code',
  clientAssigned: 'Client assigned',
};

const summaries: Record<string, string> = {
  ProjectCreated: 'Created the project',
  ProjectDeleted: 'Deleted the project',
  ClientInvited: 'Shared the project with the client',
  InvitationAccepted: 'Accepted the invitation to the project',
  RoomAdded: 'Added the room',
  RoomRenamed: 'Renamed the room',
  RoomDeleted: 'Deleted the room',
  MessagePosted: 'Sent a message',
  MessagesRead: 'Read messages',
};

/** 'Kitchen › Herringbone floor', 'Room: Kitchen', 'Project', 'Chat'. */
export function subjectText(subject: AuditSubject): string {
  switch (subject.kind) {
    case 'item':
      return `${subject.roomName ?? 'Unknown room'} › ${subject.itemName ?? 'Unknown item'}`;
    case 'room':
      return `Room: ${subject.roomName ?? 'Unknown room'}`;
    case 'chat':
      return subject.roomName ? `Chat · ${subject.roomName}` : 'Chat';
    default:
      return 'Project';
  }
}

/** What the event was, when its field lines do not say it all. */
export const entrySummary = (entry: ProjectAuditEntry): string | null => eventSummary(entry.eventType) ?? summaries[entry.eventType] ?? null;

/** Created things are summarised, not listed field by field; a room's own event names it in the subject. */
const listsFields = (entry: ProjectAuditEntry) => showsChanges(entry.eventType) && entry.eventType !== 'ProjectCreated' && entry.eventType !== 'ProjectDeleted' && entry.subject.kind !== 'room';

export function entryLines(entry: ProjectAuditEntry): ChangeLine[] {
  if (entry.subject.kind === 'item') return listsFields(entry) ? changeLines(entry.changes, { name: entry.subject.itemName ?? '', category: (entry.subject.category ?? 'standard') as ChecklistItem['category'] }) : [];
  if (entry.subject.kind === 'room') {
    const rename = entry.eventType === 'RoomRenamed' && entry.changes[0];
    return rename ? [{ kind: 'value', label: 'Name', before: valueText(rename.before), after: valueText(rename.after) }] : [];
  }
  if (entry.subject.kind === 'chat') {
    return entry.changes.map(({ field, after }) => (field === 'message' ? { kind: 'text', label: 'Message', text: String(after ?? '') } : { kind: 'text', label: 'Messages read', text: valueText(after) }));
  }
  if (!listsFields(entry)) return [];
  // Rooms show as their own entries; the project's fields as the project form names them.
  return entry.changes.filter(({ field }) => !field.startsWith('room:')).map(({ field, before, after }) => ({ kind: 'value', label: projectFieldLabels[field] ?? field, before: valueText(before), after: valueText(after) }));
}

/** The filters as the page's URL carries them (ids, and days as yyyy-mm-dd). */
export interface AuditSearch {
  room?: string;
  item?: string;
  person?: string;
  from?: string;
  to?: string;
}

const day = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : undefined);

/** Whatever the URL holds, only well-formed filters. */
export function parseAuditSearch(search: Record<string, unknown>): AuditSearch {
  const days = (value: unknown) => (typeof value === 'string' && day.test(value) ? value : undefined);
  const parsed = { room: text(search.room), item: text(search.item), person: text(search.person), from: days(search.from), to: days(search.to) };
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
}

/**
 * The API's query for the filters: a day range in the browser's local time, from the first
 * millisecond of `from` to the last of `to`.
 */
export function auditQuery(search: AuditSearch): Record<string, string> {
  const query: Record<string, string> = {};
  if (search.room) query.room = search.room;
  if (search.item) query.item = search.item;
  if (search.person) query.person = search.person;
  if (search.from) query.from = new Date(`${search.from}T00:00:00`).toISOString();
  if (search.to) query.to = new Date(`${search.to}T23:59:59.999`).toISOString();
  return query;
}
