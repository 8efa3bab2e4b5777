import { httpHandler } from '../http/handler';
import { itemDecider } from '../../events/projects/item';
import { inProject, runCommands } from '../commands/run-commands';
import { itemViews } from '../projections/item-views';
import { accessibleItem, itemHeadPreload } from '../projects/item-access';
import { idParam } from '../projects/params';
import { httpRoutes } from '../routes';

/** The answer, kept with the Idempotency-Key too (a replay answers it though the item is gone). */
const itemDeleted = { message: 'Item deleted' };

/** Three steps, as a PATCH: the session with the item's head, its project and room, the transaction. */
export const handler = httpHandler(httpRoutes.deleteItem, { params: idParam, preload: itemHeadPreload }, async ({ params, principal, caller, preloaded }) => {
  const { location, room, head } = await accessibleItem(principal, params.id, preloaded[0]);
  await runCommands(itemDecider, inProject(location, params.id), [{ type: 'delete' }], { by: caller, projection: itemViews(location, room), head, respond: () => itemDeleted });
  return itemDeleted;
});
