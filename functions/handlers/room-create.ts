import { roomInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { addRoom } from '../projects/add-room';
import { accessibleProject, projectPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * Adds a room with the starter items of its type (see addRoom). Three steps: the session with the
 * project's summary and stream head, the room's transaction, the items'.
 */
export const handler = httpHandler(httpRoutes.createRoom, { body: roomInput, preload: (_params, body) => projectPreload({ id: body.projectId }) }, async ({ body, principal, requestId, idempotency, preloaded }) => {
  const project = await accessibleProject(principal, body.projectId, preloaded);
  return reply(201, await addRoom({ principal, requestId, idempotency }, project, body));
});
