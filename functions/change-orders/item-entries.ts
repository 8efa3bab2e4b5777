import type { ItemHistoryEntry } from '../../contract/audit';
import { describeChangeOrderEvent } from '../../events/change-orders/activity';
import { changeOrderDecider } from '../../events/change-orders/change-order';
import { changeOrderStreamId } from '../../events/streams';
import { eventStore } from '../commands/event-store';
import type { ChangeOrderView } from '../projections/change-order-views';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';

/**
 * The change orders in an item's history (issue 30): the project's change orders that name the
 * item and were sent to the client (a draft is the contractor's working copy), each event of
 * theirs as one entry whose one change, `changeOrder`, is its history line ('Change order “…”
 * signed by Jane Client'). Read from their own streams: the item's stream holds none of them.
 */
export async function changeOrderEntriesOfItem(projectId: string, itemId: string): Promise<(ItemHistoryEntry & { streamId: string })[]> {
  const views = await queryAll<ChangeOrderView>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': stateKeys.projectSummary(projectId).pk, ':prefix': stateKeys.projectChangeOrdersPrefix },
  });
  const naming = views.filter((view) => view.status !== 'draft' && view.itemIds.includes(itemId));
  const streams = await Promise.all(naming.map((view) => eventStore().readStream(changeOrderStreamId(view.id))));
  return streams.flatMap((events) => {
    let state = changeOrderDecider.initialState;
    return events.filter(changeOrderDecider.owns).map((event) => {
      state = changeOrderDecider.evolve(state, event);
      const { meta } = event;
      return {
        streamId: event.streamId,
        version: event.version,
        eventType: event.type,
        at: meta.at,
        ...(meta.deviceTime ? { deviceTime: meta.deviceTime } : {}),
        actor: { id: meta.actorId, name: meta.displayName, role: meta.role },
        changes: [{ field: 'changeOrder', before: null, after: describeChangeOrderEvent(event, state.title).summary }],
      };
    });
  });
}
