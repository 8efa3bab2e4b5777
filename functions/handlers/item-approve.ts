import { httpHandler } from '../http/handler';
import { sha256 } from '../projects/item-answer';
import { itemHeadPreload } from '../projects/item-access';
import { changeItem } from '../projects/item-command';
import { idParam } from '../projects/params';
import { httpRoutes } from '../routes';

/**
 * The assigned client approves the item's selection as it is now (issue 18): the event records
 * the selection and its hash. Approving what is already approved changes nothing.
 */
export const handler = httpHandler(httpRoutes.approveItem, { params: idParam, preload: itemHeadPreload }, (request) =>
  changeItem(request, request.params.id, [{ type: 'approve', at: new Date().toISOString(), sha256 }]),
);
