import { forbidden } from '../../events/errors';
import { markAllReadInput } from '../../events/chat/inputs';
import { chatDecider } from '../../events/chat/chat';
import { READ_BATCH, chatStateOf, listMessages } from '../chat/chat-store';
import { inProject, runCommands } from '../commands/run-commands';
import { chatViews } from '../projections/chat-views';
import { httpHandler } from '../http/handler';
import { projectIdParam } from '../projects/params';
import { summaryByProjectIdPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * Marks every message of the other side read for the caller's role, a batch per transaction (the
 * summary is read with the session). One's own messages get no receipt from one's own reading.
 */
export const handler = httpHandler(httpRoutes.markAllRead, { body: markAllReadInput, params: projectIdParam, preload: summaryByProjectIdPreload }, async ({ body, principal, requestId, preloaded }) => {
  const [summary] = preloaded;
  const project = visibleSummary(principal, summary);
  if (body.userType !== principal.role || Boolean(body.readByContractor) !== (principal.role === 'contractor')) {
    throw forbidden('You can mark messages read only for yourself.');
  }
  const flag = principal.role === 'contractor' ? 'readByContractor' : 'readByClient';
  const unread = (await listMessages(project.id)).filter((message) => message.senderType !== principal.role && !message[flag]).map((message) => message.id);
  for (let i = 0; i < unread.length; i += READ_BATCH) {
    const command = { type: 'markRead', by: principal.role, messageIds: unread.slice(i, i + READ_BATCH) } as const;
    await runCommands(chatDecider, inProject({ projectId: project.id, tenantId: project.contractorId }), [command], {
      by: { principal, requestId },
      projection: chatViews(project.id),
      load: () => chatStateOf(project.id, command.messageIds),
    });
  }
  return { updated: unread.length };
});
