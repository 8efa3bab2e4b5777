import { forbidden, notFound } from '../../events/errors';
import { markReadInput } from '../../events/chat/inputs';
import { chatDecider } from '../../events/chat/chat';
import { chatStateOf, getMessage, messageDto, messageProject } from '../chat/chat-store';
import { inProject, runCommands } from '../commands/run-commands';
import { chatViews } from '../projections/chat-views';
import { httpHandler } from '../http/handler';
import { messageIdParam } from '../projects/params';
import { accessibleSummary } from '../projects/read';
import { httpRoutes } from '../routes';

/** A read receipt: readByContractor for contractors, readByClient for clients. */
export const handler = httpHandler(httpRoutes.markMessageRead, { body: markReadInput, params: messageIdParam }, async ({ body, params, principal, requestId }) => {
  const projectId = await messageProject(params.messageId);
  if (!projectId) throw notFound('Message');
  const project = await accessibleSummary(principal, projectId).catch(() => {
    throw notFound('Message');
  });
  const asContractor = Boolean(body.readByContractor);
  if (asContractor !== (principal.role === 'contractor')) throw forbidden('You can mark messages read only for yourself.');
  const command = { type: 'markRead', by: principal.role, messageIds: [params.messageId] } as const;
  await runCommands(chatDecider, inProject({ projectId, tenantId: project.contractorId }), [command], {
    by: { principal, requestId },
    projection: chatViews(projectId),
    load: () => chatStateOf(projectId, command.messageIds),
  });
  return messageDto((await getMessage(projectId, params.messageId))!);
});
