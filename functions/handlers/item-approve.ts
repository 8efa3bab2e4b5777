import { itemDecider } from '../../events/projects/item';
import { inProject, runCommands } from '../commands/run-commands';
import { httpHandler } from '../http/handler';
import { answeredItem, sha256 } from '../projects/item-answer';
import { accessibleItem, itemHeadPreload } from '../projects/item-access';
import { idParam } from '../projects/params';
import { itemViews } from '../projections/item-views';
import { httpRoutes } from '../routes';

/**
 * The assigned client approves the item's selection as it is now (issue 18): the event records
 * the selection and its hash. Approving what is already approved changes nothing.
 */
export const handler = httpHandler(httpRoutes.approveItem, { params: idParam, preload: itemHeadPreload }, async ({ params, principal, requestId, idempotency, preloaded }) => {
  const { location, room, head, view } = await accessibleItem(principal, params.id, preloaded[0]);
  const { result } = await runCommands(itemDecider, inProject(location, params.id), [{ type: 'approve', at: new Date().toISOString(), sha256 }], {
    by: { principal, requestId, idempotency },
    projection: itemViews(location, room),
    head,
    ...(view ? { known: [view] } : {}),
    respond: (after, events) => answeredItem(location.projectId, after, events, { principal, view }),
  });
  return result;
});
