import { itemPatchInput } from '../../events/projects/inputs';
import type { ItemCommand } from '../../events/projects/item';
import { listFields } from '../../events/projects/events';
import { httpHandler } from '../http/handler';
import { runItemCommands } from '../projects/commands';
import { itemDto } from '../projects/dto';
import { accessibleItemLocation } from '../projects/item-access';
import { idParam } from '../projects/params';
import { itemItem } from '../projects/views';
import { httpRoutes } from '../routes';

/**
 * PATCH (and PUT) of an item: any of the flags, details, cabinet details, links and images, as
 * one change. Selected is the contractor's, Installed the client's: anyone else gets 403.
 */
export const handler = httpHandler(httpRoutes.patchItem, { body: itemPatchInput, params: idParam }, async ({ body, params, principal, requestId, idempotency }) => {
  const location = await accessibleItemLocation(principal, params.id);
  const commands: ItemCommand[] = [];
  if (body.contractorCompleted !== undefined) commands.push({ type: 'setFlag', flag: 'selected', value: body.contractorCompleted });
  if (body.purchasesMade !== undefined) commands.push({ type: 'setFlag', flag: 'purchased', value: body.purchasesMade });
  if (body.clientCompleted !== undefined) commands.push({ type: 'setFlag', flag: 'installed', value: body.clientCompleted });
  if (body.details !== undefined) commands.push({ type: 'editDetails', details: body.details });
  if (body.cabinetDetails !== undefined) commands.push({ type: 'editCabinetDetails', cabinetDetails: body.cabinetDetails });
  for (const field of listFields) {
    const values = body[field];
    if (values !== undefined) commands.push({ type: 'setList', field, values });
  }
  return runItemCommands({ principal, requestId, idempotency }, location, params.id, commands, (after) => itemDto(itemItem(location.projectId, after)));
});
