import { roomRenameInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { roomDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { accessibleRoomOfProject, roomPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** Three steps: the session with the room's pointer, the room with its project, the transaction; the answer is the room read with its new name. */
export const handler = httpHandler(httpRoutes.renameRoom, { body: roomRenameInput, params: idParam, preload: roomPreload }, async ({ body, params, principal, requestId, idempotency, preloaded }) => {
  const { summary, head, room } = await accessibleRoomOfProject(principal, params.id, preloaded);
  const { result } = await runCommands(projectDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }), [{ type: 'renameRoom', roomId: params.id, customName: body.customName }], {
    by: { principal, requestId, idempotency },
    projection: projectViews,
    head,
    respond: (after) => roomDto({ ...room, customName: after.rooms.find((found) => found.roomId === params.id)!.customName }),
  });
  return result;
});
