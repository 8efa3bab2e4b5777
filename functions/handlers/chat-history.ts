import * as z from 'zod';
import { listMessages, messageDto } from '../chat/chat-store';
import { httpHandler } from '../http/handler';
import { accessibleSummary } from '../projects/read';
import { httpRoutes } from '../routes';

/** The activity entries posted to the chat (messageType 'action'), newest first. */
export const handler = httpHandler(httpRoutes.chatHistory, { params: z.object({ projectId: z.string().min(1) }) }, async ({ principal, params }) => {
  await accessibleSummary(principal, params.projectId);
  return (await listMessages(params.projectId)).filter((message) => message.messageType === 'action').reverse().map(messageDto);
});
