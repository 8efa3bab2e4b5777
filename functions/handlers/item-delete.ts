import { httpHandler } from '../http/handler';
import { itemDecider } from '../../events/projects/item';
import { inProject, runCommands } from '../commands/run-commands';
import { itemViews } from '../projections/item-views';
import { accessibleItemLocation } from '../projects/item-access';
import { idParam } from '../projects/params';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.deleteItem, { params: idParam }, async ({ params, principal, requestId, idempotency }) => {
  const location = await accessibleItemLocation(principal, params.id);
  await runCommands(itemDecider, inProject(location, params.id), [{ type: 'delete' }], { by: { principal, requestId, idempotency }, projection: itemViews(location) });
  return { message: 'Item deleted' };
});
