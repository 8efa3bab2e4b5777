import * as z from 'zod/mini';
import { uuid } from '../ids';
import { limits } from '../projects/model';
import { MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG, messageTypes, readers } from './events';

/** What the chat API accepts (spec section 7, Chat); shared with the web. */

export const postMessageInput = z.object({
  projectId: uuid('projectId'),
  // The sender is whoever is signed in: these two are accepted for the spec's body shape and ignored.
  senderType: z.optional(z.enum(readers, 'senderType must be contractor or client')),
  senderName: z.optional(z.string('senderName must be text').check(z.maxLength(limits.personName, `senderName must be at most ${limits.personName} characters`))),
  message: z
    .string('Message cannot be empty')
    .check(z.trim(), z.minLength(1, 'Message cannot be empty'), z.maxLength(MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG)),
  // Accepted for the spec's body shape; activity entries are the server's, so an 'action' is
  // recorded as an ordinary chat message of its sender (see decideChat).
  messageType: z._default(z.enum(messageTypes, "messageType must be 'chat' or 'action'"), 'chat'),
  // An empty string is no room (as null or absent); otherwise one of the project's rooms.
  roomId: z.pipe(
    z.pipe(
      z.transform((value) => (value === '' ? null : value)),
      z.nullish(uuid('roomId')),
    ),
    z.transform((value) => value ?? null),
  ),
});

export const markReadInput = z
  .object({ readByContractor: z.optional(z.literal(true)), readByClient: z.optional(z.literal(true)) })
  .check(z.refine((value) => Boolean(value.readByContractor) !== Boolean(value.readByClient), 'Send readByContractor or readByClient set to true'));

export const markAllReadInput = z.intersection(markReadInput, z.object({ userType: z.enum(readers, 'userType must be contractor or client') }));

export const userSessionInput = z.object({
  userType: z.enum(readers, 'userType must be contractor or client'),
  userName: z
    .string('userName is required')
    .check(z.trim(), z.minLength(1, 'userName is required'), z.maxLength(limits.personName, `userName must be at most ${limits.personName} characters`)),
  chatOpenedOnce: z._default(z.boolean('chatOpenedOnce must be true or false'), false),
});
