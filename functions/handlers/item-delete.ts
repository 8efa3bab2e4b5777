import { httpHandler } from '../http/handler';
import { runItemCommands } from '../projects/commands';
import { accessibleItemLocation } from '../projects/item-access';
import { idParam } from '../projects/params';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.deleteItem, { params: idParam }, async ({ params, principal, requestId, idempotency }) => {
  const location = await accessibleItemLocation(principal, params.id);
  await runItemCommands({ principal, requestId, idempotency }, location, params.id, [{ type: 'delete' }], () => undefined);
  return { message: 'Item deleted' };
});
