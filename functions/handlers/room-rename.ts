import { roomRenameInput } from '../../events/projects/inputs';
import { httpHandler } from '../http/handler';
import { runProjectCommands } from '../projects/commands';
import { roomDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { accessibleRoom, getRoomView } from '../projects/read';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.renameRoom, { body: roomRenameInput, params: idParam }, async ({ body, params, principal, requestId, idempotency }) => {
  const { summary } = await accessibleRoom(principal, params.id);
  await runProjectCommands(
    { principal, requestId, idempotency },
    { projectId: summary.id, tenantId: summary.contractorId },
    [{ type: 'renameRoom', roomId: params.id, customName: body.customName }],
    () => undefined,
  );
  return roomDto((await getRoomView(summary.id, params.id))!);
});
