import { projectPatchInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { projectDecider, type ProjectCommand } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews, summaryAfter } from '../projections/project-views';
import { detailsOf, projectDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { withActiveProjects } from '../projects/active-projects';
import { isActiveStatus } from '../tenants/quotas';
import { accessibleProject, projectPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * The lock box code (saved as it is typed, 2 s after the last key) or the status alone. Two
 * steps: the session with the summary and stream head, the transaction; the answer is the
 * summary as the transaction leaves it.
 */
export const handler = httpHandler(httpRoutes.patchProject, { body: projectPatchInput, params: idParam, preload: projectPreload }, async ({ body, params, principal, caller, preloaded }) => {
  const { summary, head } = await accessibleProject(principal, params.id, preloaded);
  const commands: ProjectCommand[] = [];
  if (body.lockBoxCode !== undefined) commands.push({ type: 'setLockBoxCode', code: body.lockBoxCode });
  if (body.status !== undefined) commands.push({ type: 'update', details: { ...detailsOf(summary), status: body.status } });
  const run = (projection: typeof projectViews) =>
    runCommands(projectDecider, inProject({ projectId: params.id, tenantId: summary.contractorId }), commands, { by: caller, projection, head, respond: (after, events, at) => projectDto(summaryAfter(summary, after, events.length ? at : undefined)) });
  // A status moves the tenant's active projects (issue 31); the lock box code alone does not.
  const { result } = body.status === undefined ? await run(projectViews) : await withActiveProjects(summary.contractorId, !isActiveStatus(summary.status) && isActiveStatus(body.status), run);
  return result;
});
