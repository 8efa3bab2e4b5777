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
  schema: z.object({ tenantId: z.string(), name: z.string(), ownerId: z.string(), plan }),
});

export const tenantSuspended = defineEvent('TenantSuspended', {
  schemaVersion: 1,
  schema: z.object({ reason: z.string() }),
});

export const tenantResumed = defineEvent('TenantResumed', {
  schemaVersion: 1,
  schema: z.object({}),
});

export const tenantPlanChanged = defineEvent('TenantPlanChanged', {
  schemaVersion: 1,
  schema: z.object({ from: plan, to: plan }),
});

export const tenantOffboardingStarted = defineEvent('TenantOffboardingStarted', {
  schemaVersion: 1,
  schema: z.object({ graceDays: z.number(), removeAfter: z.string(), exportKey: z.string() }),
});

export const tenantRemoved = defineEvent('TenantRemoved', {
  schemaVersion: 1,
  schema: z.object({ projects: z.number(), accounts: z.number() }),
});

export type TenantLifecycleEvent =
  | EventOf<typeof tenantCreated>
  | EventOf<typeof tenantSuspended>
  | EventOf<typeof tenantResumed>
  | EventOf<typeof tenantPlanChanged>
  | EventOf<typeof tenantOffboardingStarted>
  | EventOf<typeof tenantRemoved>;

export const tenantLifecycleEvents = [tenantCreated, tenantSuspended, tenantResumed, tenantPlanChanged, tenantOffboardingStarted, tenantRemoved];

// ── Members (TM): MemberInvited, MemberJoined, MemberRemoved go here, and into TenantEvent and tenantEvents below. ──

/** Every event of a tenant's stream. */
export type TenantEvent = TenantLifecycleEvent;

/** The tenant's events (issue 31): its lifecycle, plan and members; operators' actions carry the operator's identity. */
export const tenantEvents: readonly EventDefinition[] = [...tenantLifecycleEvents];

export { tenantStreamId } from '../streams';
