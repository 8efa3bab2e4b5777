import type { ChangeOrder } from '../../contract/change-orders';
import { changeOrderDecider, type ChangeOrderCommand } from '../../events/change-orders/change-order';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { changeOrderViews, viewAfter, type ChangeOrderView } from '../projections/change-order-views';
import type { ProjectSummaryView } from '../projections/project-views';
import type { StreamHead } from '../store/event-store';
import { refuseIfArchived } from '../projects/archived-project';
import { changeOrderDto } from './answer';

/**
 * A change order's commands, run with its views in one transaction, answered as the caller sees
 * it (also what a retried request with the same Idempotency-Key gets again).
 */
export async function runChangeOrder(
  caller: Caller,
  summary: ProjectSummaryView,
  changeOrderId: string,
  commands: readonly ChangeOrderCommand[],
  context: { view?: ChangeOrderView; head?: StreamHead; itemNames: Readonly<Record<string, string>>; titles: ReadonlyMap<string, string> },
): Promise<ChangeOrder> {
  refuseIfArchived(summary);
  const { result } = await runCommands(changeOrderDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }, changeOrderId), commands, {
    by: caller,
    projection: changeOrderViews(summary.id),
    ...(context.head ? { head: context.head } : {}),
    respond: (after, events, at) => {
      // The view as the projection leaves it (a command here gives one event at most, so the state after it is `after`).
      let view = context.view;
      for (const event of events) view = viewAfter(view, after, event, at);
      return changeOrderDto(view!, summary.name, context.itemNames, context.titles);
    },
  });
  return result;
}
