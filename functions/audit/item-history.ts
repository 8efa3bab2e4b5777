import type { ItemHistory, ItemStateAt } from '../../contract/audit';
import { stateAt } from '../../events/audit';
import type { StoredEvent } from '../../events/envelope';
import { notFound } from '../../events/errors';
import { itemDecider } from '../../events/projects/item';
import { itemStreamId } from '../../events/streams';
import { changeOrderEntriesOfItem } from '../change-orders/item-entries';
import { eventStore } from '../commands/event-store';
import { punchEntriesOfItem } from '../punch/item-entries';
import { itemAuditView, itemHistoryEntries } from './project-trail';

/**
 * An item's history, event by event (who, as what, when, each field before → after, in the API's
 * field names), or with `asOf` the item as it was at that moment, both folded from its events. A
 * deleted item keeps its history.
 */
export async function itemHistory(projectId: string, itemId: string, asOf: string | undefined, archived?: (streamId: string) => Promise<StoredEvent[]>): Promise<ItemHistory | ItemStateAt> {
  // `archived`: an archived project's item stream, read from its archive (functions/archive).
  const events = (await (archived ?? ((streamId: string) => eventStore().readStream(streamId)))(itemStreamId(itemId))).filter(itemDecider.owns);
  if (asOf === undefined) {
    // With the change orders sent and the punch items that name the item (issue 30), in time order among its own events.
    const [changeOrders, punchItems] = await Promise.all([changeOrderEntriesOfItem(projectId, itemId), punchEntriesOfItem(projectId, itemId)]);
    const entries = [...itemHistoryEntries(projectId, events), ...changeOrders, ...punchItems];
    return { itemId, entries: entries.sort((a, b) => a.at.localeCompare(b.at)) };
  }
  const moment = new Date(asOf).toISOString();
  const upTo = events.filter((event) => event.meta.at <= moment);
  const state = stateAt(upTo, itemDecider.initialState, itemDecider.evolve, {});
  const last = upTo.at(-1);
  if (!last || !state.exists) throw notFound('Checklist item at that time');
  return { version: last.version, at: last.meta.at, state: itemAuditView(projectId, events)(state, last.version) };
}
