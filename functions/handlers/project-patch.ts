import { projectPatchInput } from '../../events/projects/inputs';
import type { ProjectCommand } from '../../events/projects/project';
import { httpHandler } from '../http/handler';
import { runProjectCommands } from '../projects/commands';
import { detailsOf, projectDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { accessibleSummary, getSummary } from '../projects/read';
import { httpRoutes } from '../routes';

/** The lock box code (saved as it is typed, 2 s after the last key) or the status alone. */
export const handler = httpHandler(httpRoutes.patchProject, { body: projectPatchInput, params: idParam }, async ({ body, params, principal, requestId, idempotency }) => {
  const summary = await accessibleSummary(principal, params.id);
  const commands: ProjectCommand[] = [];
  if (body.lockBoxCode !== undefined) commands.push({ type: 'setLockBoxCode', code: body.lockBoxCode });
  if (body.status !== undefined) commands.push({ type: 'update', details: { ...detailsOf(summary), status: body.status } });
  await runProjectCommands({ principal, requestId, idempotency }, { projectId: params.id, tenantId: summary.contractorId }, commands, () => undefined);
  return projectDto((await getSummary(params.id))!);
});
