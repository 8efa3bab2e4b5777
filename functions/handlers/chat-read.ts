import { markReadInput } from '../../events/chat/inputs';
import { messagePointerPreload } from '../chat/chat-store';
import { markMessageRead } from '../chat/read-receipts';
import { httpHandler } from '../http/handler';
import { messageIdParam } from '../projects/params';
import { refuseIfArchived } from '../projects/archived-project';
import { visibleSummary } from '../projects/project-access';
import type { ProjectSummaryView } from '../projections/project-views';
import { httpRoutes } from '../routes';

/**
 * A read receipt for one message (see markMessageRead): the message's project's contractor or
 * client only (404 otherwise). Three steps: the session with the message's pointer, the chat's
 * head with the message and the project's summary, the transaction.
 */
export const handler = httpHandler(httpRoutes.markMessageRead, { body: markReadInput, params: messageIdParam, preload: messagePointerPreload }, async ({ body, params, principal, requestId, preloaded }) =>
  markMessageRead({ principal, requestId }, { messageId: params.messageId, projectId: preloaded[0]?.projectId as string | undefined }, Boolean(body.readByContractor), (summary) => {
    refuseIfArchived(visibleSummary(principal, summary, 'Message'));
    return summary as ProjectSummaryView;
  }),
);
