import { itemPatchInput } from '../../events/projects/inputs';
import { itemDecider, itemPatchCommands } from '../../events/projects/item';
import { inProject, runCommands } from '../commands/run-commands';
import { httpHandler } from '../http/handler';
import { answeredItem } from '../projects/item-answer';
import { accessibleItem, itemHeadPreload } from '../projects/item-access';
import { idParam } from '../projects/params';
import { itemViews } from '../projections/item-views';
import { httpRoutes } from '../routes';

/**
 * PATCH (and PUT) of an item: any of the flags, details, cabinet details, links and images,
 * allowance and cost, decide-by date and lead time, as one change (a change to the selection
 * voids the client's approval of it). Selected is the contractor's, Installed the client's: anyone else gets 403.
 * Three steps: the session with the item's head, its project and room, the transaction (which
 * settles the room's completion too, when the change can move it).
 */
export const handler = httpHandler(httpRoutes.patchItem, { body: itemPatchInput, params: idParam, preload: itemHeadPreload }, async ({ body, params, principal, requestId, idempotency, preloaded }) => {
  const { location, room, head, view } = await accessibleItem(principal, params.id, preloaded[0]);
  const { result } = await runCommands(itemDecider, inProject(location, params.id), itemPatchCommands(body), {
    by: { principal, requestId, idempotency },
    projection: itemViews(location, room),
    head,
    ...(view ? { known: [view] } : {}),
    respond: (after, events) => answeredItem(location.projectId, after, events, { principal, view }),
  });
  return result;
});
