import { patchPunchItemInput } from '../../events/punch/inputs';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { changePunchItem, punchHeadPreload } from '../punch/punch-commands';
import { httpRoutes } from '../routes';

/**
 * Changes a punch item's fields (its author or the contractor, while open) and/or its status:
 * `fixed` by the contractor, `accepted` or `reopened` (with `reason`) by the client.
 */
export const handler = httpHandler(httpRoutes.patchPunchItem, { params: idParam, body: patchPunchItemInput, preload: punchHeadPreload }, async ({ params, body, caller, preloaded }) =>
  changePunchItem(caller, params.id, preloaded, body),
);
