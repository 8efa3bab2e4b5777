import { httpHandler } from '../http/handler';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { withActiveProjects } from '../projects/active-projects';
import { idParam } from '../projects/params';
import { accessibleProject, projectPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** The answer, kept with the Idempotency-Key too (a replay answers it though the project is gone). */
const projectDeleted = { message: 'Project deleted' };

/** The summary and stream head are read with the session; the project's partitions are cleared once the deletion has committed. */
export const handler = httpHandler(httpRoutes.deleteProject, { params: idParam, preload: projectPreload }, async ({ params, principal, caller, preloaded }) => {
  const { summary, head } = await accessibleProject(principal, params.id, preloaded);
  const target = inProject({ projectId: params.id, tenantId: summary.contractorId });
  // An active project deleted frees its place in the plan (issue 31).
  await withActiveProjects(summary.contractorId, false, (projection) => runCommands(projectDecider, target, [{ type: 'delete' }], { by: caller, projection, head, respond: () => projectDeleted }));
  return projectDeleted;
});
