import { itemInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { addItem } from '../projects/add-item';
import { accessibleRoomOfProject, roomPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * Adds an item to a section of a room (see addItem). Three steps: the session with the room's
 * pointer, the room with its project, the transaction.
 */
export const handler = httpHandler(httpRoutes.createItem, { body: itemInput, preload: (_params, body) => roomPreload({ id: body.roomId }) }, async ({ body, principal, requestId, idempotency, preloaded }) => {
  const room = await accessibleRoomOfProject(principal, body.roomId, preloaded);
  return reply(201, await addItem({ principal, requestId, idempotency }, room, body));
});
