import { roomRenameInput } from '../../events/projects/inputs';
import { httpHandler } from '../http/handler';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { roomDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { getRoomView } from '../projects/read';
import { accessibleRoomOfProject, roomPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.renameRoom, { body: roomRenameInput, params: idParam, preload: roomPreload }, async ({ body, params, principal, requestId, idempotency, preloaded }) => {
  const { summary, head } = await accessibleRoomOfProject(principal, params.id, preloaded);
  await runCommands(projectDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }), [{ type: 'renameRoom', roomId: params.id, customName: body.customName }], {
    by: { principal, requestId, idempotency },
    projection: projectViews,
    head,
  });
  return roomDto((await getRoomView(summary.id, params.id))!);
});
