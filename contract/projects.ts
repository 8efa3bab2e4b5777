import type { CabinetDetails } from '../events/projects/events';
import type { ItemCategory, ItemType, RoomType } from '../events/projects/model';

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
