import { describeProjectEvent } from '../../events/projects/activity';
import type { ProjectEvent } from '../../events/projects/events';
import { evolveProject, type ProjectState } from '../../events/projects/project';
import { stateKeys } from '../store/keys';
import type { ViewTable } from '../store/view-table';
import { clientIndexValue, historyItem, personProjectItem, negate, roomItem, summaryCounterDeltas, summaryItem, zeroCounts, type BudgetView, type ProjectSummaryView, type RoomView } from '../projects/views';
import type { Projection } from './projection';

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
          writes.put({ ...stateKeys.roomPointer(room.roomId), projectId: after.projectId });
          writes.add(summaryKey, { totalRooms: 1 });
          break;
        }
        case 'RoomRenamed':
          writes.set(stateKeys.projectRoom(after.projectId, stored.data.roomId), { customName: stored.data.to });
          break;
        case 'RoomDeleted': {
          const roomKey = stateKeys.projectRoom(after.projectId, stored.data.roomId);
          const view = await views.get<RoomView & BudgetView>(roomKey);
          const counts = view ?? zeroCounts;
          // Only if no item changed the room's counters since we read them (else: retry).
          const budget = budgetCondition(view);
          writes.delete(roomKey, {
            expression: `#total = :total AND #completed = :completed AND isComplete = :isComplete AND ${budget.expression}`,
            names: { '#total': 'total', '#completed': 'completed', ...budget.names },
            values: { ':total': counts.total, ':completed': counts.completed, ':isComplete': view?.isComplete ?? false, ...budget.values },
          });
          writes.delete(stateKeys.roomPointer(stored.data.roomId));
          // The room's items leave the project's budget with it (counters missing on a room that never had one).
          writes.add(summaryKey, { totalRooms: -1, completedRooms: view?.isComplete ? -1 : 0, ...summaryCounterDeltas(negate(counts)), allowanceCents: -(view?.allowanceCents ?? 0), costCents: -(view?.costCents ?? 0) });
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

/** Deletes a partition (a room's items, a project's history, a chat), and the pointers to its items and messages. */
async function clearPartition(views: ViewTable, pk: string): Promise<void> {
  const keys = (await views.query(pk)).flatMap(({ pk, sk, id }) => {
    if (sk.startsWith(stateKeys.roomItemsPrefix) && typeof id === 'string') return [{ pk, sk }, stateKeys.itemPointer(id)];
    if (sk.startsWith(stateKeys.chatMessagesPrefix) && typeof id === 'string') return [{ pk, sk }, stateKeys.messagePointer(id)];
    return [{ pk, sk }];
  });
  await views.delete(keys);
}
