import { httpHandler } from '../http/handler';
import { runProjectCommands } from '../projects/commands';
import { idParam } from '../projects/params';
import { accessibleRoom } from '../projects/read';
import { httpRoutes } from '../routes';

/** Deletes the room and all its items (the whole-home room stays). */
export const handler = httpHandler(httpRoutes.deleteRoom, { params: idParam }, async ({ params, principal, requestId, idempotency }) => {
  const { summary } = await accessibleRoom(principal, params.id);
  await runProjectCommands({ principal, requestId, idempotency }, { projectId: summary.id, tenantId: summary.contractorId }, [{ type: 'deleteRoom', roomId: params.id }], () => undefined);
  return { message: 'Room deleted' };
});
