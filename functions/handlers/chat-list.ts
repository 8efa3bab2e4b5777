import { listMessages, messageDto } from '../chat/chat-store';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** The project's chat, oldest first, with read receipts. */
export const handler = httpHandler(httpRoutes.listChat, { params: idParam, preload: summaryPreload }, async ({ principal, params, preloaded }) => {
  visibleSummary(principal, preloaded[0]);
  return (await listMessages(params.id)).map(messageDto);
});
