import { apiFlagStats, apiFlagsOf } from '../../contract/flags';
import type { Approval, Budget, ChecklistItem, ClientProject, Project, ProjectStats, ProjectWithStats, Room } from '../../contract/projects';
import type { ProjectDetails } from '../../events/projects/events';
import { displayName } from '../../events/projects/room-naming';
import { punchCountsOf } from '../../events/punch/model';
import { selectionHashOf } from './selection-hash';
import type { ApprovalView, ItemView } from '../projections/item-views';
import type { BudgetView, ProjectSummaryView, RoomView } from '../projections/project-views';
import { changeOrderAdjustment, type ChangeOrderCounters } from './change-order-budget';

/** What the API answers, in the field names of spec sections 3 and 7 (the shapes are in contract/). */

const percent = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

export function projectDto(summary: ProjectSummaryView): Project {
  return {
    id: summary.id,
    contractorId: summary.contractorId,
    name: summary.name,
    address: summary.address,
    clientName: summary.clientName,
    clientEmail: summary.clientEmail ?? null,
    clientPhone: summary.clientPhone ?? null,
    status: summary.status,
    contractorNotes: summary.contractorNotes ?? null,
    startDate: summary.startDate ?? null,
    targetCompletionDate: summary.targetCompletionDate ?? null,
    lockBoxCode: summary.lockBoxCode ?? null,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
  };
}

/** The editable details, as the project form sends them. */
export const detailsOf = (summary: ProjectSummaryView): ProjectDetails => {
  const { name, address, clientName, clientEmail, clientPhone, status, contractorNotes, startDate, targetCompletionDate } = projectDto(summary);
  return { name, address, clientName, clientEmail, clientPhone, status: status as ProjectDetails['status'], contractorNotes, startDate, targetCompletionDate };
};

/** The contractor's list: overallCompletion is a percentage (0–100). */
export const projectWithStatsDto = (summary: ProjectSummaryView): ProjectWithStats => ({
  ...projectDto(summary),
  overallCompletion: percent(summary.completedItems, summary.totalItems),
  totalRooms: summary.totalRooms,
  completedRooms: summary.completedRooms,
});

/** The client's list: stats.overallCompletion is a fraction (0–1), as the spec's client dashboard uses it. */
export const clientProjectDto = (summary: ProjectSummaryView): ClientProject => ({
  id: summary.id,
  name: summary.name,
  status: summary.status,
  address: summary.address,
  startDate: summary.startDate ?? null,
  stats: { overallCompletion: summary.totalItems > 0 ? summary.completedItems / summary.totalItems : 0 },
});

/** A project's progress: its items' counts, complete and by flag (Purchased is not shown), and each as a whole percentage. */
export interface Progress {
  readonly total: number;
  readonly completed: number;
  readonly percentage: number;
  readonly selected: number;
  readonly installed: number;
  readonly selectedPercentage: number;
  readonly installedPercentage: number;
}

export const progressOf = (summary: ProjectSummaryView): Progress => ({
  total: summary.totalItems,
  completed: summary.completedItems,
  percentage: percent(summary.completedItems, summary.totalItems),
  selected: summary.selectedItems,
  installed: summary.installedItems,
  selectedPercentage: percent(summary.selectedItems, summary.totalItems),
  installedPercentage: percent(summary.installedItems, summary.totalItems),
});

export const statsDto = (summary: ProjectSummaryView): ProjectStats => {
  const progress = progressOf(summary);
  return {
    completed: progress.completed,
    total: progress.total,
    percentage: progress.percentage,
    ...apiFlagStats(progress, { selected: progress.selectedPercentage, installed: progress.installedPercentage }),
  };
};

export const roomDto = (room: RoomView): Room => ({
  id: room.id,
  projectId: room.projectId,
  name: room.name,
  type: room.type,
  customName: room.customName ?? null,
  lockBoxCode: room.lockBoxCode ?? null,
  totalItems: room.total,
  completedItems: room.completed,
  punch: punchCountsOf(room),
});

export const itemDto = (item: ItemView): ChecklistItem => {
  const answer = itemAnswer(item);
  return { ...answer, selectionHash: selectionHashOf(answer) };
};

const itemAnswer = (item: ItemView): Omit<ChecklistItem, 'selectionHash'> => ({
  id: item.id,
  roomId: item.roomId,
  category: item.category,
  name: item.name,
  completed: item.completed,
  ...apiFlagsOf(item),
  details: item.details,
  itemType: item.itemType,
  cabinetDetails: item.cabinetDetails ?? null,
  cabinetLinks: item.cabinetLinks ?? [],
  cabinetImages: item.cabinetImages ?? [],
  referenceLinks: item.referenceLinks ?? [],
  referenceImages: item.referenceImages ?? [],
  order: item.order,
  allowance: item.allowance ?? null,
  cost: item.cost ?? null,
  decideBy: item.decideBy ?? null,
  leadTimeDays: item.leadTimeDays ?? null,
  approval: approvalDto(item.approval ?? null),
  // A view written before issue 29 has none until views:rebuild: 0 says so (conflicts are decided by value, not by it).
  version: item.version ?? 0,
  // Issue 30; a view written before it has none until views:rebuild (none is what it had).
  photoMarkup: item.photoMarkup ?? {},
  photoPairs: item.photoPairs ?? [],
});

export function approvalDto(approval: ApprovalView | null): Approval | null {
  if (!approval) return null;
  const by = { id: approval.by, name: approval.name };
  return approval.status === 'approved'
    ? { status: 'approved', approvedAt: approval.at, approvedBy: by, selectionHash: approval.selectionHash }
    : { status: 'declined', declinedAt: approval.at, declinedBy: by, reason: approval.reason, selectionHash: approval.selectionHash };
}

/** Allowance and cost from cents, and what is left (allowance − cost: negative when over budget). */
const amounts = (counters: BudgetView) => {
  const [allowance, cost] = [counters.allowanceCents ?? 0, counters.costCents ?? 0];
  return { allowance: allowance / 100, cost: cost / 100, difference: (allowance - cost) / 100 };
};

/** GET /api/projects/{id}/budget: the summary's and the rooms' counters, never the items. */
export const budgetDto = (summary: ProjectSummaryView & BudgetView & ChangeOrderCounters, rooms: readonly (RoomView & BudgetView)[]): Budget => ({
  ...amounts(summary),
  rooms: rooms.map((room) => ({ roomId: room.id, name: displayName(room), ...amounts(room) })),
  ...changeOrderAdjustment(summary),
});
