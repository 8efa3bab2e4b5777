import { itemDecider } from '../../events/projects/item';
import type { CommandBy } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { itemViews, locationIn } from '../projections/item-views';
import { listChecklist } from './read';

/**
 * A project moved to another client (its client e-mail changed while a client was assigned;
 * issue 27): the previous client's open approvals and declines no longer stand. Each is cleared
 * on its item's stream (ItemApprovalCleared naming `client`), so the item's history, the Action
 * History and the audit trail say so; items the previous client did not answer are untouched.
 * Item by item after the project's change: each item is its own aggregate, and a clearing that
 * finds the answer already gone records nothing.
 */
export async function clearAnswersOfPreviousClient(by: CommandBy, project: { id: string; contractorId: string }, previousClientId: string): Promise<number> {
  const { rooms, items } = await listChecklist(project.id);
  let cleared = 0;
  for (const room of rooms) {
    for (const item of items.get(room.id) ?? []) {
      if (item.approval?.by !== previousClientId) continue;
      const location = { ...locationIn(room), tenantId: project.contractorId };
      const { events } = await runCommands(itemDecider, inProject(location, item.id), [{ type: 'clearAnswerOf', by: previousClientId }], { by, projection: itemViews(location) });
      cleared += events.length;
    }
  }
  return cleared;
}
