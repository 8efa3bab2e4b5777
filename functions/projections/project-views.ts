import { describeProjectEvent } from '../../events/projects/activity';
import type { ProjectEvent } from '../../events/projects/events';
import { zeroCounts, type BudgetCounts, type ItemCounts } from '../../events/projects/item-counts';
import { evolveProject, type ProjectState, type RoomState } from '../../events/projects/project';
import type { PunchCounts } from '../../events/punch/model';
import { stateKeys } from '../store/keys';
import type { ViewTable } from '../store/view-table';
import { historyItem } from './history';
import type { Projection } from './projection';

/*
 * Each item's key comes last in its literal: on Node 20's V8, `{ ...key, a, b, … }` with many
 * properties after the spread costs about 10 µs a call (60× the same literal with the spread
 * last), which was most of a rebuild's replay time.
 */

/**
 * The project's read models as state-table items: its summary (details, client index, counters
 * moved by ADD, so a flag toggle never needs the project's version), its rooms (their counters),
 * the person-projects index. Their writes follow.
 */

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
  readonly selectedItems: number;
  readonly purchasedItems: number;
  readonly installedItems: number;
  readonly totalRooms: number;
  readonly completedRooms: number;
}

/** Its punch counters (issue 30) are missing on rooms that never had a punch item. */
export interface RoomView extends ItemCounts, Partial<PunchCounts> {
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

/** The person-projects view (stateKeys.personProject): this person took part in this project, in this role. */
export const personProjectItem = (userId: string, projectId: string, role: 'contractor' | 'client') => ({
  ...stateKeys.personProject(userId, projectId),
  gsi1pk: stateKeys.personProjects(userId),
  gsi1sk: projectId,
  userId,
  projectId,
  role,
});

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
  selected: -counts.selected,
  purchased: -counts.purchased,
  installed: -counts.installed,
});

/** The gsi2 key a summary should have now (the client's, or the unassigned client e-mail's). */
export const clientIndexValue = (clientId: string | null, clientEmail: string | null): string | null =>
  clientIndexKey(clientId, clientEmail).gsi2pk ?? null;

/**
 * The project's views: its summary (details, client index, counters), rooms and their pointers,
 * and the history. Room completion is the item projection's follow-up; deleting a room or the
 * project clears what was kept under it once the deletion is committed.
 */
export const projectViews: Projection<ProjectState, ProjectEvent> = {
  async write(writes, { before, events }, views) {
    let state = before;
    for (const stored of events) {
      const after = evolveProject(state, stored);
      const summaryKey = stateKeys.projectSummary(after.projectId);
      const at = stored.meta.at;
      switch (stored.type) {
        case 'ProjectCreated':
          writes.put(summaryItem(after, { ...zeroCounts, totalRooms: 0, completedRooms: 0 }, at, at), { expression: 'attribute_not_exists(pk)' });
          writes.put(personProjectItem(after.contractorId, after.projectId, 'contractor'));
          break;
        case 'ProjectUpdated':
          writes.set(summaryKey, { ...after.details, gsi2pk: clientIndexValue(after.clientId, after.details.clientEmail), updatedAt: at });
          break;
        case 'ProjectDeleted':
          writes.delete(summaryKey);
          break;
        case 'LockBoxCodeSet':
          writes.set(summaryKey, { lockBoxCode: after.lockBoxCode, updatedAt: at });
          break;
        case 'ClientAssigned':
          writes.set(summaryKey, { clientId: after.clientId, gsi2pk: clientIndexValue(after.clientId, after.details.clientEmail), updatedAt: at });
          // Kept when the client leaves: their name stays on what they did there, for erasure to find.
          if (after.clientId) writes.put(personProjectItem(after.clientId, after.projectId, 'client'));
          break;
        case 'InvitationAccepted':
          writes.put(personProjectItem(stored.data.clientId, after.projectId, 'client'));
          break;
        case 'RoomAdded': {
          const room = after.rooms.at(-1)!;
          writes.put(roomItem(after.projectId, room, stored.version));
          // A client-made id (field mode) may name another project's room: never taken over.
          writes.put({ ...stateKeys.roomPointer(room.roomId), projectId: after.projectId }, { expression: 'attribute_not_exists(pk)' });
          writes.add(summaryKey, { totalRooms: 1 });
          break;
        }
        case 'RoomRenamed':
          writes.set(stateKeys.projectRoom(after.projectId, stored.data.roomId), { customName: stored.data.to });
          break;
        case 'RoomDeleted': {
          const roomKey = stateKeys.projectRoom(after.projectId, stored.data.roomId);
          const view = await views.get<RoomView & BudgetView & Partial<PunchCounts>>(roomKey);
          const counts = view ?? zeroCounts;
          // Only if no item changed the room's counters since we read them (else: retry).
          const budget = budgetCondition(view);
          const punch = punchCondition(view);
          writes.delete(roomKey, {
            expression: `#total = :total AND #completed = :completed AND isComplete = :isComplete AND ${budget.expression} AND ${punch.expression}`,
            names: { '#total': 'total', '#completed': 'completed', ...budget.names, ...punch.names },
            values: { ':total': counts.total, ':completed': counts.completed, ':isComplete': view?.isComplete ?? false, ...budget.values, ...punch.values },
          });
          writes.delete(stateKeys.roomPointer(stored.data.roomId));
          // The room's items leave the project's budget with it (counters missing on a room that never had one).
          writes.add(summaryKey, { totalRooms: -1, completedRooms: view?.isComplete ? -1 : 0, ...summaryCounterDeltas(negate(counts)), allowanceCents: -(view?.allowanceCents ?? 0), costCents: -(view?.costCents ?? 0) });
          // Its punch items (issue 30) leave the project's counts with it.
          writes.add(summaryKey, { punchOpen: -(view?.punchOpen ?? 0), punchFixed: -(view?.punchFixed ?? 0), punchAccepted: -(view?.punchAccepted ?? 0) });
          break;
        }
      }
      if (stored.type !== 'ProjectDeleted') writes.put(historyItem(after.projectId, stored, describeProjectEvent(stored, state)));
      state = after;
    }
  },

  async settle({ before, events }, views) {
    let state = before;
    for (const event of events) {
      if (event.type === 'RoomDeleted') await clearPartition(views, stateKeys.roomPointer(event.data.roomId).pk);
      if (event.type === 'ProjectDeleted') {
        // The partitions are independent: cleared side by side.
        const partitions = [...state.rooms.map((room) => stateKeys.roomPointer(room.roomId).pk), stateKeys.projectSummary(state.projectId).pk, stateKeys.chatMessage(state.projectId, '').pk];
        await Promise.all(partitions.map((pk) => clearPartition(views, pk)));
      }
      state = evolveProject(state, event);
    }
  },
};

/**
 * The summary as the writes above leave it after a change of the project's details, client or
 * lock box code (each sets updatedAt to the event's time; no event, no change), so that a
 * command can answer it without reading it again. Counters are the items' and stay as read.
 */
export const summaryAfter = (summary: ProjectSummaryView, state: ProjectState, changedAt: string | undefined): ProjectSummaryView => ({
  ...summary,
  ...state.details,
  clientId: state.clientId,
  lockBoxCode: state.lockBoxCode,
  updatedAt: changedAt ?? summary.updatedAt,
});

/** The room's budget counters are still as read (absent, if they were). */
function budgetCondition(view: BudgetView | undefined) {
  const parts = (['allowanceCents', 'costCents'] as const).map((name) =>
    view?.[name] === undefined ? { expression: `attribute_not_exists(#${name})`, values: {} } : { expression: `#${name} = :${name}`, values: { [`:${name}`]: view[name] } },
  );
  return {
    expression: parts.map((part) => part.expression).join(' AND '),
    names: { '#allowanceCents': 'allowanceCents', '#costCents': 'costCents' },
    values: Object.assign({}, ...parts.map((part) => part.values)) as Record<string, unknown>,
  };
}

/** The room's punch counters (issue 30) are still as read, so the summary loses exactly the room's punch items (absent, if they were). */
function punchCondition(view: Partial<PunchCounts> | undefined) {
  const parts = (['punchOpen', 'punchFixed', 'punchAccepted'] as const).map((name) =>
    view?.[name] === undefined ? { expression: `attribute_not_exists(#${name})`, values: {} } : { expression: `#${name} = :${name}`, values: { [`:${name}`]: view[name] } },
  );
  return {
    expression: parts.map((part) => part.expression).join(' AND '),
    names: { '#punchOpen': 'punchOpen', '#punchFixed': 'punchFixed', '#punchAccepted': 'punchAccepted' },
    values: Object.assign({}, ...parts.map((part) => part.values)) as Record<string, unknown>,
  };
}

/** Deletes a partition (a room's items, a project's history, a chat), and the pointers to its items and messages. */
async function clearPartition(views: ViewTable, pk: string): Promise<void> {
  const keys = (await views.query(pk)).flatMap(({ pk, sk, id }) => {
    if (sk.startsWith(stateKeys.roomItemsPrefix) && typeof id === 'string') return [{ pk, sk }, stateKeys.itemPointer(id)];
    if (sk.startsWith(stateKeys.chatMessagesPrefix) && typeof id === 'string') return [{ pk, sk }, stateKeys.messagePointer(id)];
    return [{ pk, sk }];
  });
  await views.delete(keys);
}
