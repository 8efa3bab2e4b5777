import { approveInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { itemHeadPreload } from '../projects/item-access';
import { changeItem } from '../projects/item-command';
import { idParam } from '../projects/params';
import { sha256 } from '../projects/selection-hash';
import { httpRoutes } from '../routes';

/**
 * The assigned client approves the item's selection they read (its `selectionHash`): the event
 * records the selection and its hash. A selection changed since answers 409 (issue 27); approving
 * what is already approved changes nothing.
 */
export const handler = httpHandler(httpRoutes.approveItem, { body: approveInput, params: idParam, preload: itemHeadPreload }, (request) =>
  changeItem(request, request.params.id, [{ type: 'approve', at: new Date().toISOString(), sha256, seen: request.body.selectionHash }]),
);
