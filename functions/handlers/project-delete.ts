import { httpHandler } from '../http/handler';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { idParam } from '../projects/params';
import { accessibleProject, projectPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** The answer, kept with the Idempotency-Key too (a replay answers it though the project is gone). */
const projectDeleted = { message: 'Project deleted' };

/** The summary and stream head are read with the session; the project's partitions are cleared once the deletion has committed. */
export const handler = httpHandler(httpRoutes.deleteProject, { params: idParam, preload: projectPreload }, async ({ params, principal, caller, preloaded }) => {
  const { summary, head } = await accessibleProject(principal, params.id, preloaded);
  const target = inProject({ projectId: params.id, tenantId: summary.contractorId });
  await runCommands(projectDecider, target, [{ type: 'delete' }], { by: caller, projection: projectViews, head, respond: () => projectDeleted });
  return projectDeleted;
});
