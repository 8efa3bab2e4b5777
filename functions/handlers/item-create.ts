import { streamStart } from '../../events/envelope';
import { randomUUID } from 'node:crypto';
import { invalid } from '../../events/errors';
import { itemInput } from '../../contract/project-inputs';
import { sectionsFor } from '../../events/projects/model';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { itemDecider } from '../../events/projects/item';
import { inProject, runCommands } from '../commands/run-commands';
import { itemViews } from '../projections/item-views';
import { itemDto } from '../projects/dto';
import { accessibleRoomOfProject, roomPreload } from '../projects/project-access';
import { itemItem, locationIn } from '../projections/item-views';
import { httpRoutes } from '../routes';

/**
 * Adds an item to a section of a room, every flag off. Three steps: the session with the room's
 * pointer, the room with its project, the transaction (which also marks a complete room
 * incomplete).
 */
export const handler = httpHandler(httpRoutes.createItem, { body: itemInput, preload: (_params, body) => roomPreload({ id: body.roomId }) }, async ({ body, principal, requestId, idempotency, preloaded }) => {
  const { summary, room } = await accessibleRoomOfProject(principal, body.roomId, preloaded);
  if (!sectionsFor(room.type).some((section) => section.categories.includes(body.category))) {
    throw invalid('category', `A ${room.type.replace('_', ' ')} room has no ${body.category.replace('_', ' ')} section`);
  }
  const itemId = randomUUID();
  const location = locationIn(room);
  const command = { type: 'add', itemId, roomId: room.id, category: body.category, name: body.name, itemType: body.itemType, details: body.details, order: body.order, cabinetDetails: body.cabinetDetails } as const;
  const { result: item } = await runCommands(itemDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }, itemId), [command], {
    by: { principal, requestId, idempotency },
    projection: itemViews(location, room),
    // A new id: its stream has no head yet (a clash would fail the append's condition and retry).
    head: streamStart,
    respond: (after) => itemDto(itemItem(summary.id, after)),
  });
  return reply(201, item);
});
