import * as z from 'zod/mini';
import { notFound } from '../../events/errors';
import { archivedMark, archivedStream } from '../archive/archived-reads';
import { itemHistory } from '../audit/item-history';
import { httpHandler } from '../http/handler';
import { itemHeadPreload } from '../projects/item-access';
import { idParam } from '../projects/params';
import { visibleSummary } from '../projects/project-access';
import { getSummary, itemLocation } from '../projects/read';
import { streamHeadOf } from '../store/event-store';
import { httpRoutes } from '../routes';

const historyQuery = z.object({ asOf: z.optional(z.iso.datetime({ offset: true, error: 'asOf must be an ISO 8601 date-time, e.g. 2026-03-01T09:00:00Z' })) });

/**
 * An item's history, or with `asOf` the item as it was then (see itemHistory). The project's
 * contractor or assigned client only (404 otherwise); a deleted item is found through its
 * stream's head.
 */
export const handler = httpHandler(httpRoutes.itemHistory, { params: idParam, query: historyQuery, preload: itemHeadPreload }, async ({ params, query, principal, preloaded }) => {
  // An archived project's items have no stream head in the table: their pointer names the project.
  const projectId = streamHeadOf(preloaded[0]).projectId ?? (await itemLocation(params.id))?.projectId;
  if (!projectId) throw notFound('Checklist item');
  const summary = visibleSummary(principal, await getSummary(projectId), 'Checklist item');
  return itemHistory(projectId, params.id, query.asOf, archivedMark(summary) && ((streamId) => archivedStream(summary, streamId)));
});
