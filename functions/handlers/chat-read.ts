import { forbidden, notFound } from '../../events/errors';
import { markReadInput } from '../../events/chat/inputs';
import { chatDecider } from '../../events/chat/chat';
import { chatStateOf, messageDto, messagePointerPreload } from '../chat/chat-store';
import { inProject, runCommands } from '../commands/run-commands';
import { chatViews } from '../projections/chat-views';
import { httpHandler } from '../http/handler';
import { messageIdParam } from '../projects/params';
import { visibleSummary } from '../projects/project-access';
import { stateKeys } from '../store/keys';
import { httpRoutes } from '../routes';

/**
 * A read receipt: readByContractor for contractors, readByClient for clients; reading one's own
 * message writes none (the answer shows it as it is). Three steps: the
 * session with the message's pointer, the chat's head with the message and the project's summary
 * (one TransactGetItems), the transaction; the answer is the message as read, marked.
 */
export const handler = httpHandler(httpRoutes.markMessageRead, { body: markReadInput, params: messageIdParam, preload: messagePointerPreload }, async ({ body, params, principal, requestId, preloaded }) => {
  const [pointer] = preloaded;
  const projectId = pointer?.projectId as string | undefined;
  if (!projectId) throw notFound('Message');
  let loaded = await chatStateOf(projectId, [params.messageId], [stateKeys.projectSummary(projectId)]);
  const project = visibleSummary(principal, loaded.also[0], 'Message');
  const asContractor = Boolean(body.readByContractor);
  if (asContractor !== (principal.role === 'contractor')) throw forbidden('You can mark messages read only for yourself.');
  const flag = principal.role === 'contractor' ? 'readByContractor' : 'readByClient';
  let first: typeof loaded | undefined = loaded;
  const command = { type: 'markRead', by: principal.role, messageIds: [params.messageId] } as const;
  await runCommands(chatDecider, inProject({ projectId, tenantId: project.contractorId }), [command], {
    by: { principal, requestId },
    projection: chatViews(projectId),
    // The first attempt decides on what was read with the summary; a retry reads the chat again.
    load: async () => {
      loaded = first ?? (await chatStateOf(projectId, command.messageIds));
      first = undefined;
      return loaded;
    },
  });
  // The decider found the message (else 404): it is read unless it is the caller's own (no receipt for that).
  const message = loaded.messages[0]!;
  return messageDto(message.senderType === principal.role ? message : { ...message, [flag]: true });
});
