import type { CabinetDetails } from '../events/projects/events';
import type { ItemCategory, ItemType, RoomType } from '../events/projects/model';

/** The checklist's answer shapes (spec sections 3 and 7): what `functions/` sends and `web/` reads. */

export interface Project {
  id: string;
  contractorId: string;
  clientId: string | null;
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
