import type { EDIT_CONFLICT_MESSAGE } from '../events/projects/edit-base';
import type { CabinetDetails } from '../events/projects/events';
import type { ItemCategory, ItemType, RoomType } from '../events/projects/model';
import type { PunchCounts } from '../events/punch/model';

/** The checklist's answer shapes (spec sections 3 and 7): what `functions/` sends and `web/` reads. */

/**
 * A project as its contractor and client read it. It does not say whether the client e-mail has
 * an account or who holds it (issue 27): no answer may tell a contractor whether an address is
 * registered.
 */
export interface Project {
  id: string;
  contractorId: string;
  name: string;
  address: string;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  /** active | paused | completed | cancelled; kept as text, so an unknown value still shows. */
  status: string;
  contractorNotes: string | null;
  startDate: string | null;
  targetCompletionDate: string | null;
  lockBoxCode: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The contractor's list: overallCompletion is a whole percentage (0–100). */
export interface ProjectWithStats extends Project {
  overallCompletion: number;
  totalRooms: number;
  completedRooms: number;
}

/** The client's list: stats.overallCompletion is a fraction (0–1). */
export interface ClientProject {
  id: string;
  name: string;
  status: string;
  address: string;
  startDate: string | null;
  stats: { overallCompletion: number };
}

export interface ProjectStats {
  completed: number;
  total: number;
  percentage: number;
  contractorCompleted: number;
  clientCompleted: number;
  contractorPercentage: number;
  clientPercentage: number;
}

export interface Room {
  id: string;
  projectId: string;
  name: string;
  type: RoomType;
  customName: string | null;
  lockBoxCode: string | null;
  totalItems: number;
  completedItems: number;
  /** The room's punch items by status (issue 30). Always answered by the server; absent from a room the app makes up itself. */
  punch?: PunchCounts;
}

export interface ChecklistItem {
  id: string;
  roomId: string;
  category: ItemCategory;
  name: string;
  completed: boolean;
  contractorCompleted: boolean;
  clientCompleted: boolean;
  purchasesMade: boolean;
  details: string;
  itemType: ItemType;
  cabinetDetails: CabinetDetails | null;
  cabinetLinks: readonly string[];
  cabinetImages: readonly string[];
  referenceLinks: readonly string[];
  referenceImages: readonly string[];
  order: number;
  /** Issue 18: the budget (null while unset), when the selection is due, and the client's answer to it. */
  allowance: number | null;
  cost: number | null;
  /** YYYY-MM-DD, as set on the item (the due date derived from the project is the decisions route's). */
  decideBy: string | null;
  leadTimeDays: number | null;
  approval: Approval | null;
  /**
   * SHA-256 of the item's selection as it is now (canonical JSON of its details, cabinet details,
   * links, images, allowance and cost): an approval or decline sends it back (issue 27).
   */
  selectionHash: string;
  /**
   * The item's stream version as of this answer (issue 29): what an edit made against this item
   * sends back as its `Base-Version` header. Recorded with the change; conflicts are decided by
   * value (`base`), never by this number.
   */
  version: number;
  /**
   * Issue 30: the markup drawn over the item's photos, by photo path (coordinates are fractions of
   * the photo's size: events/uploads/markup.ts), and its before / after pairs of photos. Always
   * answered by the server; absent from an item the app makes up itself until the answer comes.
   */
  photoMarkup?: Readonly<Record<string, import('../events/uploads/markup').Markup>>;
  photoPairs?: readonly import('../events/uploads/markup').PhotoPair[];
}

/**
 * Field mode (issue 29): the values of an item as they were on the editor's screen before the
 * edit, sent as `base` with a PATCH or PUT. `details` and `cabinetDetails` are checked against the
 * current values (someone else changed them differently since: 409 `EditConflictAnswer`); the
 * lists are merged three-way: current − (base − sent) + (sent − base).
 */
export interface ItemEditBase {
  details?: string;
  cabinetDetails?: CabinetDetails | null;
  referenceLinks?: readonly string[];
  referenceImages?: readonly string[];
  cabinetLinks?: readonly string[];
  cabinetImages?: readonly string[];
}

/** The texts a conflict names: those someone else changed since the base, and the edit changed differently. */
export type ConflictingItemField = 'details' | 'cabinetDetails';

/** The one message of an edit conflict (item or room), and of a client-made id that is taken. */
export { EDIT_CONFLICT_MESSAGE, ID_TAKEN_MESSAGE } from '../events/projects/edit-base';

/**
 * PATCH / PUT of an item whose `base` is stale for a text someone else changed (409): nothing
 * recorded. `current` holds each conflicting field's value now (for cabinet details, the whole
 * current object); `item` is the item as it is now.
 */
export interface EditConflictAnswer {
  message: typeof EDIT_CONFLICT_MESSAGE;
  fieldErrors: Partial<Record<ConflictingItemField, string[]>>;
  current: { details?: string; cabinetDetails?: CabinetDetails | null };
  item: ChecklistItem;
}

/** PUT /api/rooms/{id} whose `base.customName` is stale, someone else having renamed the room differently (409): nothing recorded. */
export interface RoomConflictAnswer {
  message: typeof EDIT_CONFLICT_MESSAGE;
  fieldErrors: { customName: string[] };
  current: { customName: string | null };
  room: Room;
}

/** A create (item or room) whose client-made `id` is taken (409), by anything of anyone's: nothing else is said. */
export interface IdTakenAnswer {
  message: 'This id is already used';
  fieldErrors: { id: string[] };
}

/** Approve or decline sent for a selection that has changed since (409): nothing recorded; the item as it is now. */
export interface SelectionChangedAnswer {
  message: string;
  fieldErrors: { selectionHash: string[] };
  item: ChecklistItem;
}

/** The client's approval (or decline) of an item's selection as it is now; null once the selection changed. */
export type Approval =
  | { status: 'approved'; approvedAt: string; approvedBy: { id: string; name: string }; selectionHash: string }
  | { status: 'declined'; declinedAt: string; declinedBy: { id: string; name: string }; reason: string; selectionHash: string };

/** GET /api/projects/{id}/budget: sums of the items' allowances and costs; difference = allowance − cost (negative: over budget). */
export interface BudgetFigures {
  allowance: number;
  cost: number;
  difference: number;
}

export interface Budget extends BudgetFigures {
  rooms: Array<BudgetFigures & { roomId: string; name: string }>;
  /**
   * Issue 30: the signed change orders (only those) and what they make of the cost and the target
   * completion. Always answered by the server; absent from the figures the page adds up itself.
   */
  changeOrders?: import('./change-orders').ChangeOrderAdjustment;
  costWithChangeOrders?: number;
  targetCompletionDate?: string | null;
  /** The target completion moved by the signed change orders' days (null without a target). */
  adjustedTargetCompletionDate?: string | null;
}

/** GET /api/projects/{id}/decisions: an open selection and when it is due. */
export interface Decision {
  itemId: string;
  name: string;
  roomName: string;
  /** YYYY-MM-DD: the item's own, or the project's target completion less its lead time. */
  decideBy: string | null;
  /** decideBy is before today (UTC). */
  overdue: boolean;
}

/** A room of the checklist read, with its items in display order. */
export interface ChecklistRoom extends Room {
  items: ChecklistItem[];
}

/** GET /api/projects/{id}/checklist: what the checklist page draws, in one answer. */
export interface ProjectChecklist {
  project: Project;
  stats: ProjectStats;
  rooms: ChecklistRoom[];
  /** The project's punch items by status (issue 30): open, fixed (awaiting the client's check), accepted. */
  punch?: PunchCounts;
}

/** Share with Client, sent. */
export interface ShareAnswer {
  success: true;
  clientDashboardUrl: string;
  email: string;
}

/** Share with Client when the mail service refused the invitation (spec section 7: error and details). */
export interface ShareFailure {
  success: false;
  error: string;
  details?: string;
}
