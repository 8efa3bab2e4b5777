import { randomUUID } from 'node:crypto';
import { invalid } from '../../events/errors';
import { itemInput } from '../../events/projects/inputs';
import { sectionsFor } from '../../events/projects/model';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { runItemCommands } from '../projects/commands';
import { itemDto } from '../projects/dto';
import { roomNameOf } from '../projects/projection';
import { accessibleRoom } from '../projects/read';
import { itemItem } from '../projects/views';
import { httpRoutes } from '../routes';

/** Adds an item to a section of a room, every flag off. */
export const handler = httpHandler(httpRoutes.createItem, { body: itemInput }, async ({ body, principal, requestId, idempotency }) => {
  const { summary, room } = await accessibleRoom(principal, body.roomId);
  if (!sectionsFor(room.type).some((section) => section.categories.includes(body.category))) {
    throw invalid('category', `A ${room.type.replace('_', ' ')} room has no ${body.category.replace('_', ' ')} section`);
  }
  const itemId = randomUUID();
  const location = { projectId: summary.id, roomId: room.id, roomName: roomNameOf(room), tenantId: summary.contractorId };
  const command = { type: 'add', itemId, roomId: room.id, category: body.category, name: body.name, itemType: body.itemType, details: body.details, order: body.order, cabinetDetails: body.cabinetDetails } as const;
  const item = await runItemCommands({ principal, requestId, idempotency }, location, itemId, [command], (after) => itemDto(itemItem(summary.id, after)));
  return reply(201, item);
});
