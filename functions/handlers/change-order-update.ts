import { patchChangeOrderInput } from '../../contract/change-orders';
import { accessibleChangeOrder, changeOrderHeadPreload } from '../change-orders/access';
import { runChangeOrder } from '../change-orders/command';
import { linkedTitles } from '../change-orders/links';
import { itemsShown } from '../change-orders/shown';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { httpRoutes } from '../routes';

/** The contractor changes a draft's terms (issue 30); a sent, signed or declined one answers 409 saying why. */
export const handler = httpHandler(httpRoutes.patchChangeOrder, { params: idParam, body: patchChangeOrderInput, preload: changeOrderHeadPreload }, async ({ principal, caller, params, body, preloaded }) => {
  const { summary, view, head } = await accessibleChangeOrder(principal, params.id, preloaded[0]);
  const itemIds = body.itemIds ?? view.itemIds;
  const [{ itemNames, allOfProject }, titles] = await Promise.all([itemsShown(summary.id, itemIds), linkedTitles(summary.id, view)]);
  const terms = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  return runChangeOrder(caller, summary, params.id, [{ type: 'edit', terms, itemsOfProject: allOfProject }], { view, head, itemNames, titles });
});
