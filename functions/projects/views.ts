import type { StoredEvent } from '../../events/envelope';
import type { ActivityEntry } from '../../events/projects/activity';
import type { ApprovalState, BudgetCounts, ItemCounts, ItemState } from '../../events/projects/item';
import type { ProjectState, RoomState } from '../../events/projects/project';
import { stateKeys } from '../store/keys';

/*
 * Each item's key comes last in its literal: on Node 20's V8, `{ ...key, a, b, … }` with many
 * properties after the spread costs about 10 µs a call (60× the same literal with the spread
 * last), which was most of a rebuild's replay time.
 */

/**
 * The checklist's read models as state-table items, and the writes that keep them in step with
 * the events. Counters are moved with ADD, so a flag toggle never needs the project's version.
 */

export const zeroCounts: ItemCounts = { total: 0, completed: 0, contractorCompleted: 0, clientCompleted: 0, purchased: 0 };

/** Counter attribute names: on a room as they are, on the project summary with an `Items` suffix. */
const counterNames = Object.keys(zeroCounts) as (keyof ItemCounts)[];
const summaryCounter = (name: keyof ItemCounts) => `${name}Items`;

export interface ProjectSummaryView {
  readonly id: string;
  readonly contractorId: string;
  readonly clientId: string | null;
  readonly name: string;
  readonly address: string;
  readonly clientName: string;
  readonly clientEmail: string | null;
  readonly clientPhone: string | null;
  readonly status: string;
  readonly contractorNotes: string | null;
  readonly startDate: string | null;
  readonly targetCompletionDate: string | null;
  readonly lockBoxCode: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly totalItems: number;
  readonly completedItems: number;
  readonly contractorCompletedItems: number;
  readonly clientCompletedItems: number;
  readonly purchasedItems: number;
  readonly totalRooms: number;
  readonly completedRooms: number;
}

export interface RoomView extends ItemCounts {
  readonly id: string;
  readonly projectId: string;
  readonly type: RoomState['type'];
  readonly name: string;
  readonly customName: string | null;
  readonly lockBoxCode: string | null;
  /** Order of addition, for stable listing. */
  readonly position: number;
  readonly isComplete: boolean;
}

/** The client's answer as the item view keeps it: the state's, with the approver's name (from the event's meta). */
export type ApprovalView = ApprovalState & { readonly name: string };

/**
 * An item's view. Views written before issue 18 lack its fields (allowance, cost, decideBy,
 * leadTimeDays, approval): readers take a missing one as null.
 */
export type ItemView = Omit<ItemState, 'exists' | 'itemId' | 'approval'> & { readonly id: string; readonly projectId: string; readonly completed: boolean; readonly approval: ApprovalView | null };

/** The budget counters (issue 18) on a room and on the project summary, in cents; missing on views that never had a budget. */
export type BudgetView = Partial<BudgetCounts>;

function clientIndexKey(clientId: string | null, clientEmail: string | null): Record<string, string> {
  if (clientId) return { gsi2pk: stateKeys.clientProjects(clientId) };
  if (clientEmail) return { gsi2pk: stateKeys.unassignedClientEmail(clientEmail) };
  return {};
}

export function summaryItem(state: ProjectState, counts: ItemCounts & { totalRooms: number; completedRooms: number }, createdAt: string, updatedAt: string) {
  const sortKey = `${createdAt}#${state.projectId}`;
  return {
    gsi1pk: stateKeys.contractorProjects(state.contractorId),
    gsi1sk: sortKey,
    ...clientIndexKey(state.clientId, state.details.clientEmail),
    gsi2sk: sortKey,
    id: state.projectId,
    contractorId: state.contractorId,
    clientId: state.clientId,
    ...state.details,
    lockBoxCode: state.lockBoxCode,
    createdAt,
    updatedAt,
    ...Object.fromEntries(counterNames.map((name) => [summaryCounter(name), counts[name]])),
    totalRooms: counts.totalRooms,
    completedRooms: counts.completedRooms,
    ...stateKeys.projectSummary(state.projectId),
  };
}

export function roomItem(projectId: string, room: RoomState, position: number, counts: ItemCounts = zeroCounts) {
  return {
    id: room.roomId,
    projectId,
    type: room.type,
    name: room.name,
    customName: room.customName,
    lockBoxCode: null,
    position,
    ...counts,
    isComplete: counts.total > 0 && counts.completed === counts.total,
    ...stateKeys.projectRoom(projectId, room.roomId),
  };
}

/** The item's view; `approverName` names whoever gave the item's approval or decline (its event's actor). */
export function itemItem(projectId: string, item: ItemState, approverName = '') {
  const { exists: _exists, itemId, fromTemplate: _fromTemplate, approval, ...fields } = item as ItemState & { fromTemplate?: unknown };
  return {
    id: itemId,
    projectId,
    ...fields,
    approval: approval ? { ...approval, name: approverName } : null,
    completed: item.contractorCompleted && item.purchasesMade && item.clientCompleted,
    ...stateKeys.roomItem(item.roomId, itemId),
  };
}

/** The person-projects view (stateKeys.personProject): this person took part in this project, in this role. */
export const personProjectItem = (userId: string, projectId: string, role: 'contractor' | 'client') => ({
  ...stateKeys.personProject(userId, projectId),
  gsi1pk: stateKeys.personProjects(userId),
  gsi1sk: projectId,
  userId,
  projectId,
  role,
});

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

/** A loop over names made once: Object.fromEntries with names made per call (and ADD iterating its result) took about a tenth of a replay's time. */
const summaryCounterNames = counterNames.map((name) => [name, summaryCounter(name)] as const);
export const summaryCounterDeltas = (delta: ItemCounts): Record<string, number> => {
  const deltas: Record<string, number> = {};
  for (const [name, summaryName] of summaryCounterNames) deltas[summaryName] = delta[name];
  return deltas;
};

export const negate = (counts: ItemCounts): ItemCounts => ({
  total: -counts.total,
  completed: -counts.completed,
  contractorCompleted: -counts.contractorCompleted,
  clientCompleted: -counts.clientCompleted,
  purchased: -counts.purchased,
});

/** The gsi2 key a summary should have now (the client's, or the unassigned client e-mail's). */
export const clientIndexValue = (clientId: string | null, clientEmail: string | null): string | null =>
  clientIndexKey(clientId, clientEmail).gsi2pk ?? null;
