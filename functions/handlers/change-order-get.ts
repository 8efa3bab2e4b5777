import { accessibleChangeOrder, changeOrderHeadPreload } from '../change-orders/access';
import { changeOrderDto } from '../change-orders/answer';
import { linkedTitles } from '../change-orders/links';
import { itemsShown } from '../change-orders/shown';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { httpRoutes } from '../routes';

/** One change order (issue 30), with the document the client is shown and its hash. Members only; a draft is the contractor's. */
export const handler = httpHandler(httpRoutes.getChangeOrder, { params: idParam, preload: changeOrderHeadPreload }, async ({ principal, params, preloaded }) => {
  const { summary, view } = await accessibleChangeOrder(principal, params.id, preloaded[0]);
  const [{ itemNames }, titles] = await Promise.all([itemsShown(summary.id, view.itemIds), linkedTitles(summary.id, view)]);
  return changeOrderDto(view, summary.name, itemNames, titles);
});
