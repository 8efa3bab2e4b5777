import type * as z from 'zod/mini';
import type { Project } from '../../contract/projects';
import type { projectInput } from '../../contract/project-inputs';
import { projectDecider } from '../../events/projects/project';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { summaryAfter } from '../projections/project-views';
import { isActiveStatus } from '../tenants/quotas';
import { withActiveProjects } from './active-projects';
import { clientIdForEmail } from './client-match';
import { projectDto } from './dto';
import type { ProjectAccess } from './project-access';
import { clearAnswersOfPreviousClient } from './reassignment';

/**
 * Edits the project's details; a new client e-mail moves the project to that client's account,
 * if any. Moved away from a client, the project keeps none of their answers (approvals,
 * declines) and not their phone (issue 27). The answer is the summary as the transaction leaves it.
 */
export async function updateProject(caller: Caller, { summary, head }: ProjectAccess, details: z.output<typeof projectInput>): Promise<Project> {
  const emailChanged = (summary.clientEmail ?? null) !== details.clientEmail;
  const clientId = emailChanged ? await clientIdForEmail(details.clientEmail) : (summary.clientId ?? null);
  const previousClientId = summary.clientId ?? null;
  let movedFromClient = false;
  // A status change moves the tenant's active projects (issue 31); back to active needs a free place.
  const { result } = await withActiveProjects(summary.contractorId, !isActiveStatus(summary.status) && isActiveStatus(details.status), (projection) => runCommands(projectDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }), [{ type: 'update', details }, { type: 'assignClient', clientId }], {
    by: caller,
    projection,
    head,
    respond: (after, events, at) => {
      movedFromClient = previousClientId !== null && after.clientId !== previousClientId;
      return projectDto(summaryAfter(summary, after, events.length ? at : undefined));
    },
  }));
  if (movedFromClient) await clearAnswersOfPreviousClient({ principal: caller.principal, requestId: caller.requestId }, summary, previousClientId!);
  return result;
}
