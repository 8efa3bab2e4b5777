import * as z from 'zod/mini';
import { defineEvent, type EventOf } from '../catalogue-machinery';

/** A project's chat (stream `chat#<projectId>`): messages, activity entries and read receipts. */

export const messageTypes = ['chat', 'action'] as const;
export const readers = ['contractor', 'client'] as const;
export type Reader = (typeof readers)[number];

export const MAX_MESSAGE_LENGTH = 2000;
/** The refusal of a longer message, in the API's answer and under the chat's message box alike (the spec has no wording of its own). */
export const MESSAGE_TOO_LONG = `Message must be at most ${MAX_MESSAGE_LENGTH} characters`;

export const messagePosted = defineEvent('MessagePosted', {
  schemaVersion: 1,
  schema: () => z.object({
    messageId: z.string(),
    senderType: z.enum(readers),
    senderName: z.string(),
    message: z.string(),
    messageType: z.enum(messageTypes),
    roomId: z.nullable(z.string()),
  }),
});

export const messagesRead = defineEvent('MessagesRead', {
  schemaVersion: 1,
  schema: () => z.object({ by: z.enum(readers), messageIds: z.array(z.string()) }),
});

export const chatEvents = [messagePosted, messagesRead];
export type ChatEvent = EventOf<typeof messagePosted> | EventOf<typeof messagesRead>;

export { chatStreamId } from '../streams';
