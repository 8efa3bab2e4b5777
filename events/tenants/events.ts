import * as z from 'zod/mini';
import { defineEvent, type EventDefinition, type EventOf } from '../catalogue-machinery';
import { planNames } from './plans';

/**
 * The tenant's events (issue 31), stream `tenant#<tenantId>`: its lifecycle and plan, each an
 * operator's action whose meta names the operator (`actorId: 'operator:<name or IAM ARN>'`,
 * role `system`). TenantCreated is the stream's first event: a tenant's record is made at sign-up,
 * its stream on the first operator action (functions/operator/tenant-actions.ts), which records
 * TenantCreated before its own event.
 */

export const MAX_REASON_LENGTH = 500;

const plan = z.enum(planNames);

export const tenantCreated = defineEvent('TenantCreated', {
  schemaVersion: 1,
  schema: () => z.object({ tenantId: z.string(), name: z.string(), ownerId: z.string(), plan }),
});

export const tenantSuspended = defineEvent('TenantSuspended', {
  schemaVersion: 1,
  schema: () => z.object({ reason: z.string() }),
});

export const tenantResumed = defineEvent('TenantResumed', {
  schemaVersion: 1,
  schema: () => z.object({}),
});

export const tenantPlanChanged = defineEvent('TenantPlanChanged', {
  schemaVersion: 1,
  schema: () => z.object({ from: plan, to: plan }),
});

export const tenantOffboardingStarted = defineEvent('TenantOffboardingStarted', {
  schemaVersion: 1,
  schema: () => z.object({ graceDays: z.number(), removeAfter: z.string(), exportKey: z.string() }),
});

export const tenantRemoved = defineEvent('TenantRemoved', {
  schemaVersion: 1,
  schema: () => z.object({ projects: z.number(), accounts: z.number() }),
});

export type TenantLifecycleEvent =
  | EventOf<typeof tenantCreated>
  | EventOf<typeof tenantSuspended>
  | EventOf<typeof tenantResumed>
  | EventOf<typeof tenantPlanChanged>
  | EventOf<typeof tenantOffboardingStarted>
  | EventOf<typeof tenantRemoved>;

export const tenantLifecycleEvents = [tenantCreated, tenantSuspended, tenantResumed, tenantPlanChanged, tenantOffboardingStarted, tenantRemoved];

// ── Members (TM): colleagues of the owner, each a contractor account of the tenant. ──
// No address in them: the invitation's e-mail waits in its own record (deleted once taken up or
// withdrawn), so the stream holds no personal data beyond the actors' names the runner seals.

export const memberRoles = ['owner', 'member'] as const;
export type MemberRole = (typeof memberRoles)[number];

/** The owner invited a colleague by e-mail (a single-use link was mailed). */
export const memberInvited = defineEvent('MemberInvited', {
  schemaVersion: 1,
  schema: () => z.object({ invitationId: z.string(), role: z.enum(memberRoles) }),
});

/** A contractor account took up an invitation: it now works on the tenant's projects. */
export const memberJoined = defineEvent('MemberJoined', {
  schemaVersion: 1,
  schema: () => z.object({ userId: z.string(), role: z.enum(memberRoles), invitationId: z.string() }),
});

/** The owner removed a colleague: their sessions ended, the tenant's projects are no longer theirs. */
export const memberRemoved = defineEvent('MemberRemoved', {
  schemaVersion: 1,
  schema: () => z.object({ userId: z.string() }),
});

export type TenantMemberEvent = EventOf<typeof memberInvited> | EventOf<typeof memberJoined> | EventOf<typeof memberRemoved>;

export const tenantMemberEvents = [memberInvited, memberJoined, memberRemoved];

/** Every event of a tenant's stream. */
export type TenantEvent = TenantLifecycleEvent | TenantMemberEvent;

/** The tenant's events (issue 31): its lifecycle, plan and members; operators' actions carry the operator's identity. */
export const tenantEvents: readonly EventDefinition[] = [...tenantLifecycleEvents, ...tenantMemberEvents];

export { tenantStreamId } from '../streams';
