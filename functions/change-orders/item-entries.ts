import { describeChangeOrderEvent } from '../../events/change-orders/activity';
import { changeOrderDecider } from '../../events/change-orders/change-order';
import { relatedEntries, type RelatedEntry } from '../projects/related-entries';
import type { ChangeOrderView } from '../projections/change-order-views';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';

/**
 * The change orders in an item's history (issue 30): the project's change orders that name the
 * item and were sent to the client (a draft is the contractor's working copy), each event of
 * theirs as one entry whose one change, `changeOrder`, is its history line ('Change order “…”
 * signed by Jane Client').
 */
export async function changeOrderEntriesOfItem(projectId: string, itemId: string): Promise<RelatedEntry[]> {
  const views = await queryAll<ChangeOrderView>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': stateKeys.projectSummary(projectId).pk, ':prefix': stateKeys.projectChangeOrdersPrefix },
  });
  const naming = views.filter((view) => view.status !== 'draft' && view.itemIds.includes(itemId));
  return relatedEntries(
    changeOrderDecider,
    naming.map((view) => view.id),
    'changeOrder',
    (event, _before, after) => describeChangeOrderEvent(event, after.title).summary,
  );
}
