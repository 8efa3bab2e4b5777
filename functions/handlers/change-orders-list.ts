import { changeOrderDto } from '../change-orders/answer';
import { listChangeOrderViews } from '../change-orders/access';
import { itemsShown } from '../change-orders/shown';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** A project's change orders, newest first (issue 30): the contractor's all, the client's once sent. Members only (404 otherwise). */
export const handler = httpHandler(httpRoutes.listChangeOrders, { params: idParam, preload: summaryPreload }, async ({ principal, params, preloaded }) => {
  const summary = visibleSummary(principal, preloaded[0]);
  const views = await listChangeOrderViews(params.id, principal);
  const { itemNames } = await itemsShown(summary.id, [...new Set(views.flatMap((view) => view.itemIds))]);
  const titles = new Map(views.map((view) => [view.id, view.title]));
  return views.map((view) => changeOrderDto(view, summary.name, itemNames, titles));
});
