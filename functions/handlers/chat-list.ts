import { archivedMark, archivedMessages } from '../archive/archived-reads';
import { listMessages, messageDto } from '../chat/chat-store';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** The project's chat, oldest first, with read receipts. */
export const handler = httpHandler(httpRoutes.listChat, { params: idParam, preload: summaryPreload }, async ({ principal, params, preloaded }) => {
  const summary = visibleSummary(principal, preloaded[0]);
  return (archivedMark(summary) ? await archivedMessages(summary) : await listMessages(params.id)).map(messageDto);
});
