import { declineInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { itemHeadPreload } from '../projects/item-access';
import { changeItem } from '../projects/item-command';
import { idParam } from '../projects/params';
import { sha256 } from '../projects/selection-hash';
import { httpRoutes } from '../routes';

/** The assigned client declines the item's selection they read (its `selectionHash`), saying why (issues 18, 27). */
export const handler = httpHandler(httpRoutes.declineItem, { body: declineInput, params: idParam, preload: itemHeadPreload }, (request) =>
  changeItem(request, request.params.id, [{ type: 'decline', at: new Date().toISOString(), reason: request.body.reason, sha256, seen: request.body.selectionHash }]),
);
