import { itemPatchInput } from '../../events/projects/inputs';
import { itemDecider, itemPatchCommands } from '../../events/projects/item';
import { inProject, runCommands } from '../commands/run-commands';
import { httpHandler } from '../http/handler';
import { itemDto } from '../projects/dto';
import { accessibleItemLocation } from '../projects/item-access';
import { idParam } from '../projects/params';
import { itemItem } from '../projects/views';
import { itemViews } from '../projections/item-views';
import { httpRoutes } from '../routes';

/**
 * PATCH (and PUT) of an item: any of the flags, details, cabinet details, links and images, as
 * one change. Selected is the contractor's, Installed the client's: anyone else gets 403.
 */
export const handler = httpHandler(httpRoutes.patchItem, { body: itemPatchInput, params: idParam }, async ({ body, params, principal, requestId, idempotency }) => {
  const location = await accessibleItemLocation(principal, params.id);
  const { result } = await runCommands(itemDecider, inProject(location, params.id), itemPatchCommands(body), {
    by: { principal, requestId, idempotency },
    projection: itemViews(location),
    respond: (after) => itemDto(itemItem(location.projectId, after)),
  });
  return result;
});
