import { httpHandler } from '../http/handler';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { idParam } from '../projects/params';
import { accessibleRoomOfProject, roomPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** The answer, kept with the Idempotency-Key too (a replay answers it though the room is gone). */
const roomDeleted = { message: 'Room deleted' };

/** Deletes the room and all its items (the whole-home room stays). */
export const handler = httpHandler(httpRoutes.deleteRoom, { params: idParam, preload: roomPreload }, async ({ params, principal, caller, preloaded }) => {
  const { summary, head, room } = await accessibleRoomOfProject(principal, params.id, preloaded);
  const target = inProject({ projectId: summary.id, tenantId: summary.contractorId });
  // The projection conditions the deletion on the room's counters as read here: no need to read them again.
  await runCommands(projectDecider, target, [{ type: 'deleteRoom', roomId: params.id }], { by: caller, projection: projectViews, head, known: [room], respond: () => roomDeleted });
  return roomDeleted;
});
