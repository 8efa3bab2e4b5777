import type { ActivityEntry } from '../projects/activity';
import type { PunchEvent } from './events';

/**
 * What each punch item change is called in the project's history (issue 30). The title is quoted
 * as item names are; a reopening says why, since that is what the contractor must act on.
 */

const fieldNames: Record<string, string> = { title: 'title', note: 'note', itemId: 'checklist item', photos: 'photos', assignee: 'assignee', dueDate: 'due date' };

export function describePunchEvent(event: PunchEvent, where: { title: string; roomName: string }): ActivityEntry {
  const quoted = `"${where.title}"`;
  const inRoom = where.roomName ? ` in ${where.roomName}` : '';
  const parts = { itemName: where.title, ...(where.roomName ? { roomName: where.roomName } : {}) };
  switch (event.type) {
    case 'PunchItemAdded':
      return { action: 'Added punch item', ...parts, summary: `Added punch item ${quoted}${inRoom}` };
    case 'PunchItemEdited': {
      const details = Object.keys(event.data.changes).map((field) => fieldNames[field] ?? field).join(', ');
      return { action: 'Updated punch item', details, ...parts, summary: `Updated punch item ${quoted}${inRoom} - ${details}` };
    }
    case 'PunchItemFixed':
      return { action: 'Marked punch item fixed', ...parts, summary: `Marked ${quoted} fixed${inRoom}` };
    case 'PunchItemAccepted':
      return { action: 'Accepted punch item', ...parts, summary: `Accepted ${quoted}${inRoom}` };
    case 'PunchItemReopened':
      return { action: 'Reopened punch item', details: event.data.reason, ...parts, summary: `Reopened ${quoted}${inRoom}: ${event.data.reason}` };
  }
}
