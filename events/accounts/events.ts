import * as z from 'zod/mini';
import { defineEvent, type EventOf } from '../catalogue-machinery';
import { roles } from './roles';

/**
 * What happens to an account, recorded on the stream `user#<id>` for the audit trail. Accounts
 * are plain state (the user record); these events never hold a password or a token.
 */

const changed = z.object({ from: z.nullable(z.string()), to: z.nullable(z.string()) });

export const userRegistered = defineEvent('UserRegistered', {
  schemaVersion: 1,
  schema: () => z.object({
    userId: z.string(),
    email: z.string(),
    role: z.enum(roles),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.nullable(z.string()),
    phone: z.nullable(z.string()),
  }),
});

export const profileUpdated = defineEvent('ProfileUpdated', {
  schemaVersion: 1,
  schema: () => z.object({ userId: z.string(), changes: z.record(z.string(), changed) }),
});

export const passwordChanged = defineEvent('PasswordChanged', {
  schemaVersion: 1,
  schema: () => z.object({ userId: z.string(), otherSessionsRevoked: z.boolean() }),
});

export const passwordResetRequested = defineEvent('PasswordResetRequested', {
  schemaVersion: 1,
  schema: () => z.object({ userId: z.string(), expiresAt: z.string() }),
});

export const passwordReset = defineEvent('PasswordReset', {
  schemaVersion: 1,
  schema: () => z.object({ userId: z.string() }),
});

/** A link proving the account's e-mail was mailed (at sign-up, on an e-mail change, or on Resend). */
export const emailVerificationRequested = defineEvent('EmailVerificationRequested', {
  schemaVersion: 1,
  schema: () => z.object({ userId: z.string(), email: z.string(), expiresAt: z.string() }),
});

/** The account proved it reads `email` (a mailed single-use link); `projectId` when it came with an invitation. */
export const emailVerified = defineEvent('EmailVerified', {
  schemaVersion: 1,
  schema: () => z.object({ userId: z.string(), email: z.string(), projectId: z.nullable(z.string()) }),
});

/**
 * Every session of the account ended at once, and its earlier links with them (invariant 11):
 * `address_proved` when its address was proved for the first time (a password set before, by
 * whoever created the account, stops working: `passwordCleared`); `not_me` when the owner said a
 * change mailed to them was not theirs (`emailRestored`: the address it had before that change).
 */
export const sessionsEnded = defineEvent('SessionsEnded', {
  schemaVersion: 1,
  schema: () => z.object({
    userId: z.string(),
    reason: z.enum(['address_proved', 'not_me']),
    passwordCleared: z.boolean(),
    emailRestored: z.nullable(z.string()),
  }),
});

export const accountDeleted = defineEvent('AccountDeleted', {
  schemaVersion: 1,
  schema: () => z.object({ userId: z.string(), email: z.string() }),
});

export const accountEvents = [userRegistered, profileUpdated, passwordChanged, passwordResetRequested, passwordReset, emailVerificationRequested, emailVerified, sessionsEnded, accountDeleted];

export type AccountEvent =
  | EventOf<typeof userRegistered>
  | EventOf<typeof profileUpdated>
  | EventOf<typeof passwordChanged>
  | EventOf<typeof passwordResetRequested>
  | EventOf<typeof passwordReset>
  | EventOf<typeof emailVerificationRequested>
  | EventOf<typeof emailVerified>
  | EventOf<typeof sessionsEnded>
  | EventOf<typeof accountDeleted>;

export { userStreamId } from '../streams';
