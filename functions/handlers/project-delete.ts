import { httpHandler } from '../http/handler';
import { runProjectCommands } from '../projects/commands';
import { idParam } from '../projects/params';
import { accessibleSummary } from '../projects/read';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.deleteProject, { params: idParam }, async ({ params, principal, requestId, idempotency }) => {
  const summary = await accessibleSummary(principal, params.id);
  await runProjectCommands({ principal, requestId, idempotency }, { projectId: params.id, tenantId: summary.contractorId }, [{ type: 'delete' }], () => undefined);
  return { message: 'Project deleted' };
});
