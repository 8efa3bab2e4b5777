import { httpHandler } from '../http/handler';
import { itemDecider } from '../../events/projects/item';
import { inProject, runCommands } from '../commands/run-commands';
import { itemViews } from '../projections/item-views';
import { accessibleItem, itemHeadPreload } from '../projects/item-access';
import { idParam } from '../projects/params';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.deleteItem, { params: idParam, preload: itemHeadPreload }, async ({ params, principal, requestId, idempotency, preloaded }) => {
  const { location, head } = await accessibleItem(principal, params.id, preloaded[0]);
  await runCommands(itemDecider, inProject(location, params.id), [{ type: 'delete' }], { by: { principal, requestId, idempotency }, projection: itemViews(location), head });
  return { message: 'Item deleted' };
});
