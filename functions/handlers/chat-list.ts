import { listMessages, messageDto } from '../chat/chat-store';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { accessibleSummary } from '../projects/read';
import { httpRoutes } from '../routes';

/** The project's chat, oldest first, with read receipts. */
export const handler = httpHandler(httpRoutes.listChat, { params: idParam }, async ({ principal, params }) => {
  await accessibleSummary(principal, params.id);
  return (await listMessages(params.id)).map(messageDto);
});
