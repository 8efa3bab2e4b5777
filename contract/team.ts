import * as z from 'zod/mini';
import type { MemberRole } from '../events/tenants/events';

/**
 * A contractor company's team (issue 31): its accounts (the owner and the colleagues they
 * invited) and the invitations not yet taken up.
 */

export interface TeamMember {
  readonly userId: string;
  readonly name: string;
  readonly email: string;
  readonly role: MemberRole;
  /** When they joined (the owner: when the account was made). */
  readonly joinedAt: string;
  readonly isYou: boolean;
}

export interface TeamInvitation {
  readonly email: string;
  readonly invitedAt: string;
  readonly expiresAt: string;
}

export interface Team {
  readonly members: readonly TeamMember[];
  readonly invitations: readonly TeamInvitation[];
  /** Whether the caller may invite and remove (the owner only). */
  readonly canManage: boolean;
  /** Seats taken (members) and the plan's seats. */
  readonly seats: { readonly used: number; readonly limit: number };
}

const EMAIL_MAX = 254;

export const teamInviteInput = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, 'Email is required'), z.maxLength(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)),
    z.email('Enter a valid email address'),
  ),
});

export const teamJoinInput = z.object({ token: z.string().check(z.minLength(1, 'The invitation link is incomplete'), z.maxLength(200, 'The invitation link is invalid')) });
