import { roomInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { addRoom } from '../projects/add-room';
import { stateKeys } from '../store/keys';
import { accessibleProject, projectPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * Adds a room with the starter items of its type (see addRoom). Three steps: the session with the
 * project's summary and stream head (and the pointer of a client-made id), the room's
 * transaction, the items'.
 */
export const handler = httpHandler(
  httpRoutes.createRoom,
  { body: roomInput, created: true, preload: (_params, body) => [...projectPreload({ id: body.projectId }), ...(body.id ? [stateKeys.roomPointer(body.id)] : [])] },
  async ({ body, principal, caller, preloaded }) => addRoom(caller, await accessibleProject(principal, body.projectId, preloaded.slice(0, 2)), body, preloaded[2]),
);
