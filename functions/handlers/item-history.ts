import * as z from 'zod/mini';
import { stateAt } from '../../events/audit';
import { notFound } from '../../events/errors';
import { itemDecider } from '../../events/projects/item';
import { itemStreamId } from '../../events/streams';
import type { ItemHistory, ItemStateAt } from '../../contract/audit';
import { itemAuditView, itemHistoryEntries } from '../audit/project-trail';
import { httpHandler } from '../http/handler';
import { itemHeadPreload } from '../projects/item-access';
import { idParam } from '../projects/params';
import { visibleSummary } from '../projects/project-access';
import { getSummary } from '../projects/read';
import { eventStore } from '../store/default-store';
import { streamHeadOf } from '../store/event-store';
import { httpRoutes } from '../routes';

const historyQuery = z.object({ asOf: z.optional(z.iso.datetime({ offset: true, error: 'asOf must be an ISO 8601 date-time, e.g. 2026-03-01T09:00:00Z' })) });

/**
 * An item's history, event by event (who, as what, when, each field before → after, in the API's
 * field names), or with `asOf` the item as it was at that moment, both folded from its events.
 * The project's contractor or assigned client only (404 otherwise); a deleted item keeps its
 * history, found through its stream's head.
 */
export const handler = httpHandler(
  httpRoutes.itemHistory,
  { params: idParam, query: historyQuery, preload: itemHeadPreload },
  async ({ params, query, principal, preloaded }): Promise<ItemHistory | ItemStateAt> => {
    const { projectId } = streamHeadOf(preloaded[0]);
    if (!projectId) throw notFound('Checklist item');
    visibleSummary(principal, await getSummary(projectId), 'Checklist item');
    const events = (await eventStore().readStream(itemStreamId(params.id))).filter(itemDecider.owns);
    const asItem = itemAuditView(projectId, events);

    if (query.asOf === undefined) return { itemId: params.id, entries: itemHistoryEntries(projectId, events) };
    const moment = new Date(query.asOf).toISOString();
    const upTo = events.filter((event) => event.meta.at <= moment);
    const state = stateAt(upTo, itemDecider.initialState, itemDecider.evolve, {});
    const last = upTo.at(-1);
    if (!last || !state.exists) throw notFound('Checklist item at that time');
    return { version: last.version, at: last.meta.at, state: asItem(state) };
  },
);
