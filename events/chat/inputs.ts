import * as z from 'zod';
import { uuid } from '../ids';
import { limits } from '../projects/model';
import { MAX_MESSAGE_LENGTH, messageTypes, readers } from './events';

/** What the chat API accepts (spec section 7, Chat); shared with the web. */

export const postMessageInput = z.object({
  projectId: uuid('projectId'),
  // The sender is whoever is signed in: these two are accepted for the spec's body shape and ignored.
  senderType: z.enum(readers, 'senderType must be contractor or client').optional(),
  senderName: z.string('senderName must be text').max(limits.personName, `senderName must be at most ${limits.personName} characters`).optional(),
  message: z.string('Message cannot be empty').trim().min(1, 'Message cannot be empty').max(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters`),
  // Accepted for the spec's body shape; activity entries are the server's, so an 'action' is
  // recorded as an ordinary chat message of its sender (see decideChat).
  messageType: z.enum(messageTypes, "messageType must be 'chat' or 'action'").default('chat'),
  // An empty string is no room (as null or absent); otherwise one of the project's rooms.
  roomId: z
    .preprocess((value) => (value === '' ? null : value), uuid('roomId').nullish())
    .transform((value) => value ?? null),
});

export const markReadInput = z
  .object({ readByContractor: z.literal(true).optional(), readByClient: z.literal(true).optional() })
  .refine((value) => Boolean(value.readByContractor) !== Boolean(value.readByClient), 'Send readByContractor or readByClient set to true');

export const markAllReadInput = markReadInput.and(z.object({ userType: z.enum(readers, 'userType must be contractor or client') }));

export const userSessionInput = z.object({
  userType: z.enum(readers, 'userType must be contractor or client'),
  userName: z.string('userName is required').trim().min(1, 'userName is required').max(limits.personName, `userName must be at most ${limits.personName} characters`),
  chatOpenedOnce: z.boolean('chatOpenedOnce must be true or false').default(false),
});
