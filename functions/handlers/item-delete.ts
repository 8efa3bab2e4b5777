import { httpHandler } from '../http/handler';
import { itemDecider } from '../../events/projects/item';
import { inProject, runCommands } from '../commands/run-commands';
import { itemViews } from '../projections/item-views';
import { accessibleItem, itemHeadPreload } from '../projects/item-access';
import { idParam } from '../projects/params';
import { httpRoutes } from '../routes';

/** Three steps, as a PATCH: the session with the item's head, its project and room, the transaction. */
export const handler = httpHandler(httpRoutes.deleteItem, { params: idParam, preload: itemHeadPreload }, async ({ params, principal, requestId, idempotency, preloaded }) => {
  const { location, room, head } = await accessibleItem(principal, params.id, preloaded[0]);
  await runCommands(itemDecider, inProject(location, params.id), [{ type: 'delete' }], { by: { principal, requestId, idempotency }, projection: itemViews(location, room), head });
  return { message: 'Item deleted' };
});
