import { projectInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews, summaryAfter } from '../projections/project-views';
import { clientIdForEmail } from '../projects/client-match';
import { projectDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { accessibleProject, projectPreload } from '../projects/project-access';
import { clearAnswersOfPreviousClient } from '../projects/reassignment';
import { httpRoutes } from '../routes';

/**
 * Edits the project's details; a new client e-mail moves the project to that client's account,
 * if any. Moved away from a client, the project keeps none of their answers (approvals,
 * declines) and not their phone (issue 27). The answer is the summary as the transaction leaves it.
 */
export const handler = httpHandler(httpRoutes.updateProject, { body: projectInput, params: idParam, preload: projectPreload }, async ({ body, params, principal, requestId, idempotency, preloaded }) => {
  const { summary, head } = await accessibleProject(principal, params.id, preloaded);
  const emailChanged = (summary.clientEmail ?? null) !== body.clientEmail;
  const clientId = emailChanged ? await clientIdForEmail(body.clientEmail) : (summary.clientId ?? null);
  const previousClientId = summary.clientId ?? null;
  let movedFromClient = false;
  const { result } = await runCommands(projectDecider, inProject({ projectId: params.id, tenantId: summary.contractorId }), [{ type: 'update', details: body }, { type: 'assignClient', clientId }], {
    by: { principal, requestId, idempotency },
    projection: projectViews,
    head,
    respond: (after, events, at) => {
      movedFromClient = previousClientId !== null && after.clientId !== previousClientId;
      return projectDto(summaryAfter(summary, after, events.length ? at : undefined));
    },
  });
  if (movedFromClient) await clearAnswersOfPreviousClient({ principal, requestId }, summary, previousClientId!);
  return result;
});
