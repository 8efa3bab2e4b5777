import type { ActorRole } from '../events/envelope';
import type { ChecklistItem } from './projects';

/** For auditors (and people in a dispute): an item's history and its state at a moment. */

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One event of the item's stream: who, as what, when, and each field it changed (the API's field names). */
export interface ItemHistoryEntry {
  version: number;
  eventType: string;
  at: string;
  actor: { id: string; name: string; role: ActorRole };
  changes: FieldChange[];
}

/** GET /api/checklist-items/{id}/history: every event, oldest first. */
export interface ItemHistory {
  itemId: string;
  entries: ItemHistoryEntry[];
}

/** GET /api/checklist-items/{id}/history?asOf=…: the item as it was then (its last event up to that moment). */
export interface ItemStateAt {
  version: number;
  at: string;
  state: ChecklistItem;
}
