import type { ItemEvent, ListField, ProjectEvent } from './events';
import type { Flag } from './model';
import { clientChanged } from './item-approval';
import type { ProjectState, RoomState } from './project';
import { displayName } from './room-naming';

/**
 * Activity log entries (spec sections 3 and 4): what each change is called in the Action History,
 * in the spec's exact words. The entry never carries secrets (the lock box code opens the
 * client's house) nor long free text.
 */

export interface ActivityEntry {
  readonly action: string;
  readonly details?: string;
  readonly itemName?: string;
  readonly roomName?: string;
  readonly summary: string;
}

const flagWording: Record<Flag, { set: string; unset: string }> = {
  selected: { set: 'Marked as completed (contractor)', unset: 'Unmarked completion (contractor)' },
  installed: { set: 'Marked as installed (client)', unset: 'Unmarked installation (client)' },
  purchased: { set: 'Marked as purchased', unset: 'Unmarked purchase' },
};

const listWording: Record<ListField, string> = {
  referenceLinks: 'Updated reference links',
  referenceImages: 'Updated reference images',
  cabinetLinks: 'Updated cabinet links',
  cabinetImages: 'Updated cabinet images',
};

/** The spec's summary: the action, the quoted item name, 'in {room}', and ' - {details}' when present. */
export function activitySummary(entry: Omit<ActivityEntry, 'summary'>): string {
  const tail = entry.details ? ` - ${entry.details}` : '';
  if (!entry.itemName) return `${entry.action}${tail}`;
  const where = entry.roomName ? ` in ${entry.roomName}` : '';
  return `${entry.action} "${entry.itemName}"${where}${tail}`;
}

function entry(parts: { action: string; details?: string | undefined; itemName?: string | undefined; roomName?: string | undefined }): ActivityEntry {
  const clean: { action: string; details?: string; itemName?: string; roomName?: string } = { action: parts.action };
  if (parts.details) clean.details = parts.details;
  if (parts.itemName) clean.itemName = parts.itemName;
  if (parts.roomName) clean.roomName = parts.roomName;
  return { ...clean, summary: activitySummary(clean) };
}

function itemAction(event: ItemEvent): string {
  switch (event.type) {
    case 'ItemAdded':
      return 'Added item';
    case 'ItemFlagSet': {
      const wording = flagWording[event.data.flag];
      return event.data.value ? wording.set : wording.unset;
    }
    case 'ItemDetailsEdited':
      return 'Updated details';
    case 'ItemListChanged':
      return listWording[event.data.field];
    case 'CabinetDetailsEdited':
      return 'Updated cabinet details';
    case 'PhotoPublished':
      return 'Uploaded photo';
    case 'ItemDeleted':
      return 'Deleted item';
    case 'ItemBudgetSet':
      return event.data.field === 'allowance' ? 'Updated allowance' : 'Updated cost';
    case 'ItemScheduleSet':
      return event.data.field === 'decideBy' ? 'Updated decide-by date' : 'Updated lead time';
    case 'ItemApproved':
      return 'Approved selection';
    case 'ItemDeclined':
      return 'Declined selection';
    case 'ItemApprovalCleared': {
      const cause = event.data.field === clientChanged ? 'client changed' : 'details changed';
      return event.data.was === 'approved' ? `Approval cleared: ${cause}` : `Decline cleared: ${cause}`;
    }
    case 'PhotoMarkupSet':
      return event.data.to ? 'Marked up a photo' : 'Removed the markup of a photo';
    case 'PhotoPairsChanged':
      return event.data.to.length >= event.data.from.length ? 'Paired photos as before and after' : 'Unpaired before and after photos';
  }
}

/** The entry's tail: which field voided an approval ('cabinet details'). Never the decline's reason (free text). */
const itemDetails = (event: ItemEvent): string | undefined =>
  event.type === 'ItemApprovalCleared' && event.data.field !== clientChanged ? plainWords(event.data.field) : undefined;

/** The entry for a change to a checklist item, named by the item and its room. */
export function describeItemEvent(event: ItemEvent, context: { itemName: string; roomName: string }): ActivityEntry {
  const itemName = event.type === 'ItemAdded' ? context.itemName || event.data.name : context.itemName;
  return entry({ action: itemAction(event), details: itemDetails(event), itemName, roomName: context.roomName });
}

/** 'clientPhone' → 'client phone'. */
const plainWords = (field: string) => field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const roomIn = (state: ProjectState, roomId: string): RoomState | undefined => state.rooms.find((room) => room.roomId === roomId);

/** The entry for a change to a project or its rooms; `before` is the project as it was before the event. */
export function describeProjectEvent(event: ProjectEvent, before: ProjectState): ActivityEntry {
  switch (event.type) {
    case 'ProjectCreated':
      return entry({ action: 'Created project', details: event.data.name });
    case 'ProjectUpdated':
      return entry({ action: 'Updated project details', details: Object.keys(event.data.changes).map(plainWords).join(', ') });
    case 'ProjectDeleted':
      return entry({ action: 'Deleted project' });
    case 'LockBoxCodeSet':
      // Never the code itself.
      return entry({ action: 'Updated lock box code' });
    case 'ClientAssigned':
      return entry({ action: event.data.clientId ? 'Client assigned' : 'Client unassigned' });
    case 'ClientInvited':
      // Not the address: a later client reads this history too (issue 27), and it was the previous one's.
      return entry({ action: 'Shared with client' });
    case 'InvitationAccepted':
      return entry({ action: 'Invitation accepted' });
    case 'PhotoPublished':
      return entry({ action: 'Uploaded photo' });
    case 'RoomAdded': {
      const name = displayName(event.data);
      return entry({ action: `Added ${name}`, roomName: name });
    }
    case 'RoomRenamed': {
      const room = roomIn(before, event.data.roomId);
      const oldName = room ? displayName(room) : (event.data.from ?? 'room');
      const newName = room ? displayName({ ...room, customName: event.data.to }) : (event.data.to ?? 'room');
      // One sentence ('Renamed Bedroom 1 to Primary Bedroom'), not the summary's ' - {details}' tail.
      return entry({ action: `Renamed ${oldName} to ${newName}`, roomName: newName });
    }
    case 'RoomDeleted': {
      const room = roomIn(before, event.data.roomId);
      const name = room ? displayName(room) : event.data.name;
      return entry({ action: `Deleted ${name}`, roomName: name });
    }
  }
}
