import type { StoredEvent } from '../../events/envelope';
import type { ActivityEntry } from '../../events/projects/activity';
import { stateKeys } from '../store/keys';

/**
 * A project's history (the Action History) as state-table items: one per event, in the project's
 * partition, written by the project's and the items' projections.
 */
export function historyItem(projectId: string, event: StoredEvent, entry: ActivityEntry) {
  return {
    id: event.eventId,
    projectId,
    eventType: event.type,
    action: entry.action,
    details: entry.details ?? null,
    itemName: entry.itemName ?? null,
    roomName: entry.roomName ?? null,
    summary: entry.summary,
    userName: event.meta.displayName,
    userType: event.meta.role,
    createdAt: event.meta.at,
    ...stateKeys.historyEntry(projectId, event.eventId),
  };
}

/** A history row as stored. */
export type HistoryRow = ReturnType<typeof historyItem>;
