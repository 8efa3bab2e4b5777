import { httpHandler } from '../http/handler';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { idParam } from '../projects/params';
import { accessibleSummary } from '../projects/read';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.deleteProject, { params: idParam }, async ({ params, principal, requestId, idempotency }) => {
  const summary = await accessibleSummary(principal, params.id);
  const target = inProject({ projectId: params.id, tenantId: summary.contractorId });
  await runCommands(projectDecider, target, [{ type: 'delete' }], { by: { principal, requestId, idempotency }, projection: projectViews });
  return { message: 'Project deleted' };
});
