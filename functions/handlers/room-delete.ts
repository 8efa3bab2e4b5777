import { httpHandler } from '../http/handler';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { idParam } from '../projects/params';
import { accessibleRoom } from '../projects/read';
import { httpRoutes } from '../routes';

/** Deletes the room and all its items (the whole-home room stays). */
export const handler = httpHandler(httpRoutes.deleteRoom, { params: idParam }, async ({ params, principal, requestId, idempotency }) => {
  const { summary } = await accessibleRoom(principal, params.id);
  const target = inProject({ projectId: summary.id, tenantId: summary.contractorId });
  await runCommands(projectDecider, target, [{ type: 'deleteRoom', roomId: params.id }], { by: { principal, requestId, idempotency }, projection: projectViews });
  return { message: 'Room deleted' };
});
