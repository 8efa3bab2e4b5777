import { declineInput } from '../../events/projects/inputs';
import { itemDecider } from '../../events/projects/item';
import { inProject, runCommands } from '../commands/run-commands';
import { httpHandler } from '../http/handler';
import { answeredItem, sha256 } from '../projects/item-answer';
import { accessibleItem, itemHeadPreload } from '../projects/item-access';
import { idParam } from '../projects/params';
import { itemViews } from '../projections/item-views';
import { httpRoutes } from '../routes';

/** The assigned client declines the item's selection as it is now, saying why (issue 18). */
export const handler = httpHandler(httpRoutes.declineItem, { body: declineInput, params: idParam, preload: itemHeadPreload }, async ({ body, params, principal, requestId, idempotency, preloaded }) => {
  const { location, room, head, view } = await accessibleItem(principal, params.id, preloaded[0]);
  const { result } = await runCommands(itemDecider, inProject(location, params.id), [{ type: 'decline', at: new Date().toISOString(), reason: body.reason, sha256 }], {
    by: { principal, requestId, idempotency },
    projection: itemViews(location, room),
    head,
    ...(view ? { known: [view] } : {}),
    respond: (after, events) => answeredItem(location.projectId, after, events, { principal, view }),
  });
  return result;
});
