import * as z from 'zod';
import { MAX_MESSAGE_LENGTH, messageTypes, readers } from './events';

/** What the chat API accepts (spec section 7, Chat); shared with the web. */

export const postMessageInput = z.object({
  projectId: z.string('projectId is required').min(1, 'projectId is required'),
  // The sender is whoever is signed in: these two are accepted for the spec's body shape and ignored.
  senderType: z.enum(readers).optional(),
  senderName: z.string().optional(),
  message: z.string('Message cannot be empty').trim().min(1, 'Message cannot be empty').max(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters`),
  messageType: z.enum(messageTypes, "messageType must be 'chat' or 'action'").default('chat'),
  roomId: z.string().nullish().transform((value) => value ?? null),
});

export const markReadInput = z
  .object({ readByContractor: z.literal(true).optional(), readByClient: z.literal(true).optional() })
  .refine((value) => Boolean(value.readByContractor) !== Boolean(value.readByClient), 'Send readByContractor or readByClient set to true');

export const markAllReadInput = markReadInput.and(z.object({ userType: z.enum(readers, 'userType must be contractor or client') }));

export const userSessionInput = z.object({
  userType: z.enum(readers, 'userType must be contractor or client'),
  userName: z.string('userName is required').trim().min(1, 'userName is required').max(100, 'userName must be at most 100 characters'),
  chatOpenedOnce: z.boolean('chatOpenedOnce must be true or false').default(false),
});
