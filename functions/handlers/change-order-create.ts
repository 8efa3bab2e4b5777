import { randomUUID } from 'node:crypto';
import { createChangeOrderInput } from '../../contract/change-orders';
import { runChangeOrder } from '../change-orders/command';
import { itemsShown } from '../change-orders/shown';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import type { ChangeOrderView } from '../projections/change-order-views';
import { stateKeys } from '../store/keys';
import { stateViewTable } from '../store/view-table';
import { httpRoutes } from '../routes';

/**
 * The contractor drafts a change order (issue 30); `supersedes` names a signed or declined one of
 * the project it replaces. Its items must be the project's (400 naming `itemIds`).
 */
export const handler = httpHandler(httpRoutes.createChangeOrder, { params: idParam, body: createChangeOrderInput, preload: summaryPreload, created: true }, async ({ principal, caller, params, body, preloaded }) => {
  const summary = visibleSummary(principal, preloaded[0]);
  const itemIds = body.itemIds ?? [];
  const supersedes = body.supersedes ?? null;
  const [{ itemNames, allOfProject }, superseded] = await Promise.all([
    itemsShown(summary.id, itemIds),
    supersedes ? stateViewTable.get<ChangeOrderView>(stateKeys.projectChangeOrder(params.id, supersedes)) : undefined,
  ]);
  const terms = { title: body.title, description: body.description ?? '', itemIds, priceChangeCents: body.priceChangeCents, scheduleDays: body.scheduleDays };
  const changeOrderId = randomUUID();
  const command = {
    type: 'draft' as const,
    changeOrderId,
    projectId: summary.id,
    terms,
    itemsOfProject: allOfProject,
    supersedes,
    ...(superseded ? { superseded: { status: superseded.status, supersededBy: superseded.supersededBy } } : {}),
  };
  return runChangeOrder(caller, summary, changeOrderId, [command], { itemNames, titles: new Map(superseded ? [[superseded.id, superseded.title]] : []) });
});
