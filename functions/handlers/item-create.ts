import { itemInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { addItem } from '../projects/add-item';
import { accessibleRoomOfProject, roomPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * Adds an item to a section of a room (see addItem). Three steps: the session with the room's
 * pointer, the room with its project, the transaction.
 */
export const handler = httpHandler(httpRoutes.createItem, { body: itemInput, created: true, preload: (_params, body) => roomPreload({ id: body.roomId }) }, async ({ body, principal, caller, preloaded }) =>
  addItem(caller, await accessibleRoomOfProject(principal, body.roomId, preloaded), body),
);
