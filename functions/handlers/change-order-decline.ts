import { declineChangeOrderInput } from '../../contract/change-orders';
import { accessibleChangeOrder, changeOrderHeadPreload } from '../change-orders/access';
import { runChangeOrder } from '../change-orders/command';
import { linkedTitles } from '../change-orders/links';
import { itemsShown, shownOf } from '../change-orders/shown';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { sha256 } from '../projects/selection-hash';
import { httpRoutes } from '../routes';

/** The assigned client declines a sent change order, saying why, naming the document read by its hash (409 if it changed since). */
export const handler = httpHandler(httpRoutes.declineChangeOrder, { params: idParam, body: declineChangeOrderInput, preload: changeOrderHeadPreload }, async ({ principal, caller, params, body, preloaded }) => {
  const { summary, view, head } = await accessibleChangeOrder(principal, params.id, preloaded[0]);
  const [{ itemNames }, titles] = await Promise.all([itemsShown(summary.id, view.itemIds), linkedTitles(summary.id, view)]);
  const command = { type: 'decline' as const, at: new Date().toISOString(), reason: body.reason, shown: shownOf(summary.name, itemNames), sha256, seen: body.documentHash };
  return runChangeOrder(caller, summary, params.id, [command], { view, head, itemNames, titles });
});
