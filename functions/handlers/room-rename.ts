import { roomRenameInput } from '../../events/projects/inputs';
import { httpHandler } from '../http/handler';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { roomDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { accessibleRoom, getRoomView } from '../projects/read';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.renameRoom, { body: roomRenameInput, params: idParam }, async ({ body, params, principal, requestId, idempotency }) => {
  const { summary } = await accessibleRoom(principal, params.id);
  await runCommands(projectDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }), [{ type: 'renameRoom', roomId: params.id, customName: body.customName }], {
    by: { principal, requestId, idempotency },
    projection: projectViews,
  });
  return roomDto((await getRoomView(summary.id, params.id))!);
});
