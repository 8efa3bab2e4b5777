import { itemPatchInput } from '../../contract/project-inputs';
import { itemPatchCommands } from '../projects/item-patch';
import { httpHandler } from '../http/handler';
import { itemHeadPreload } from '../projects/item-access';
import { changeItem } from '../projects/item-command';
import { idParam } from '../projects/params';
import { httpRoutes } from '../routes';

/**
 * PATCH (and PUT) of an item: any of the flags, details, cabinet details, links and images,
 * allowance and cost, decide-by date and lead time, as one change (a change to the selection
 * voids the client's approval of it). Selected is the contractor's, Installed the client's: anyone else gets 403.
 * Three steps: the session with the item's head, its project and room, the transaction (which
 * settles the room's completion too, when the change can move it).
 */
export const handler = httpHandler(httpRoutes.patchItem, { body: itemPatchInput, params: idParam, preload: itemHeadPreload }, (request) =>
  changeItem(request, request.params.id, itemPatchCommands(request.body)),
);
