import type { AuditSubject, ProjectAuditEntry } from '../../contract/audit';
import type { ChecklistItem } from '../../contract/projects';
import { changeLines, eventSummary, fieldLabel, showsChanges, valueText, type ChangeLine } from '../history/format';

/**
 * The Audit page's pure rules: what an entry is about, what it did, and its field lines in the
 * app's words (items as their History reads them; the project's fields as its form labels them).
 * The filters are audit-search.ts.
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
  PunchItemAdded: 'Added a punch item',
  PunchItemEdited: 'Edited a punch item',
  PunchItemFixed: 'Marked a punch item fixed',
  PunchItemAccepted: 'Accepted a punch item',
  PunchItemReopened: 'Reopened a punch item',
  ChangeOrderDrafted: 'Drafted a change order',
  ChangeOrderEdited: 'Edited a change order',
  ChangeOrderSent: 'Sent a change order to the client',
  ChangeOrderSigned: 'Signed a change order',
  ChangeOrderDeclined: 'Declined a change order',
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
  return entry.changes.filter(({ field }) => !field.startsWith('room:')).map(({ field, before, after }) => ({ kind: 'value', label: projectFieldLabels[field] ?? fieldLabel(field), before: valueText(before), after: valueText(after) }));
}
