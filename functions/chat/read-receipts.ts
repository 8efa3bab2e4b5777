import type { ChatMessage, MarkAllReadAnswer } from '../../contract/chat';
import { chatDecider } from '../../events/chat/chat';
import { forbidden, notFound } from '../../events/errors';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { chatViews } from '../projections/chat-views';
import type { ProjectSummaryView } from '../projections/project-views';
import { stateKeys } from '../store/keys';
import { READ_BATCH, chatStateOf, listMessages, messageDto } from './chat-store';

const notForYourself = () => forbidden('You can mark messages read only for yourself.');
const flagOf = (role: 'contractor' | 'client') => (role === 'contractor' ? 'readByContractor' : 'readByClient');

/**
 * A read receipt: readByContractor for contractors, readByClient for clients; reading one's own
 * message writes none (the answer shows it as it is). `projectId` is the message's pointer's, read
 * with the session; then the chat's head with the message and the project's summary (one
 * TransactGetItems), which `visible` checks (it throws if the caller may not see it), the
 * transaction. The answer is the message as read, marked.
 */
export async function markMessageRead(
  caller: Caller,
  { messageId, projectId }: { readonly messageId: string; readonly projectId: string | undefined },
  asContractor: boolean,
  visible: (summary: object | undefined) => ProjectSummaryView,
): Promise<ChatMessage> {
  const { principal } = caller;
  if (!projectId) throw notFound('Message');
  let loaded = await chatStateOf(projectId, [messageId], [stateKeys.projectSummary(projectId)]);
  const project = visible(loaded.also[0]);
  if (asContractor !== (principal.role === 'contractor')) throw notForYourself();
  let first: typeof loaded | undefined = loaded;
  const command = { type: 'markRead', by: principal.role, messageIds: [messageId] } as const;
  await runCommands(chatDecider, inProject({ projectId, tenantId: project.contractorId }), [command], {
    by: caller,
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
  return messageDto(message.senderType === principal.role ? message : { ...message, [flagOf(principal.role)]: true });
}

/**
 * Marks every message of the other side read for the caller's role, a batch per transaction.
 * One's own messages get no receipt from one's own reading.
 */
export async function markAllRead(caller: Caller, project: ProjectSummaryView, asked: { readonly userType: string; readonly readByContractor?: boolean }): Promise<MarkAllReadAnswer> {
  const { principal } = caller;
  if (asked.userType !== principal.role || Boolean(asked.readByContractor) !== (principal.role === 'contractor')) throw notForYourself();
  const flag = flagOf(principal.role);
  const unread = (await listMessages(project.id)).filter((message) => message.senderType !== principal.role && !message[flag]).map((message) => message.id);
  for (let i = 0; i < unread.length; i += READ_BATCH) {
    const command = { type: 'markRead', by: principal.role, messageIds: unread.slice(i, i + READ_BATCH) } as const;
    await runCommands(chatDecider, inProject({ projectId: project.id, tenantId: project.contractorId }), [command], {
      by: caller,
      projection: chatViews(project.id),
      load: () => chatStateOf(project.id, command.messageIds),
    });
  }
  return { updated: unread.length };
}
