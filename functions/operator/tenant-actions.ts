import { conflict, invalid, notFound } from '../../events/errors';
import type { TenantEvent } from '../../events/tenants/events';
import { tenantDecider, type TenantCommand, type TenantState } from '../../events/tenants/tenant';
import { runCommands } from '../commands/run-commands';
import type { Projection } from '../projections/projection';
import { stateKeys } from '../store/keys';
import type { TenantRecord } from '../tenants/tenant-record';
import { closeTenantConnections } from './tenant-connections';
import { operatorActor, type Operator } from './operator-identity';
import { findTenant, showTenant, type TenantView } from './tenant-listing';

/**
 * Operators' actions on a tenant (issue 31), each an event on the tenant's stream naming the
 * operator, committed with the tenant record's change in one transaction (the record is what
 * every request reads; the stream is what happened, and who did it).
 *
 * A tenant made before issue 31 (no stream yet, perhaps no record) is created lazily: every action
 * runs `create` first, which records TenantCreated only when the stream has none, from the record
 * or, without one, from the owner's account, and puts the record if it was missing.
 */

/** The tenant record's change for each event, in the events' transaction. */
function recordProjection(tenant: TenantRecord): Projection<TenantState, TenantEvent> {
  const key = stateKeys.tenant(tenant.tenantId);
  // The record may not exist yet (a tenant of before issue 31): these writes make it.
  const always = { expression: 'attribute_exists(pk) OR attribute_not_exists(pk)' };
  return {
    write(writes, { events }) {
      for (const event of events) {
        const at = event.meta.at;
        switch (event.type) {
          case 'TenantCreated':
            writes.set(key, { tenantId: tenant.tenantId, name: event.data.name, ownerId: event.data.ownerId, plan: event.data.plan, status: tenant.status, gsi1pk: stateKeys.tenants, gsi1sk: tenant.tenantId, createdAt: tenant.createdAt ?? at }, always);
            break;
          case 'TenantSuspended':
            writes.set(key, { status: 'suspended', statusReason: event.data.reason, suspendedAt: at }, always);
            break;
          case 'TenantResumed':
            writes.set(key, { status: 'active', statusReason: null, suspendedAt: null }, always);
            break;
          case 'TenantPlanChanged':
            writes.set(key, { plan: event.data.to }, always);
            break;
          case 'TenantOffboardingStarted':
            writes.set(key, { status: 'offboarding', offboarding: { startedAt: at, removeAfter: event.data.removeAfter, exportKey: event.data.exportKey } }, always);
            break;
          case 'TenantRemoved':
            writes.set(key, { status: 'gone', removedAt: at, activeProjects: 0, seats: 0, storageBytes: 0 }, always);
            break;
        }
      }
    },
  };
}

/** Runs the operator's commands on the tenant (created first if it has no stream yet); 404 for no such tenant. */
export async function actOnTenant(tenantId: string, commands: readonly TenantCommand[], operator: Operator, requestId: string): Promise<TenantRecord> {
  const tenant = await findTenant(tenantId);
  if (!tenant) throw notFound('Tenant');
  const create: TenantCommand = { type: 'create', tenantId, name: tenant.name, ownerId: tenant.ownerId, plan: tenant.plan };
  await runCommands(tenantDecider, { id: tenantId, tenantId }, [create, ...commands], {
    by: operatorActor(operator, requestId),
    projection: recordProjection(tenant),
  });
  return tenant;
}

const viewAfter = async (tenantId: string): Promise<TenantView> => (await showTenant(tenantId))!;

/** Suspends the tenant: its contractors' sessions are refused from the next request, and its open WebSockets closed now. */
export async function suspendTenant(tenantId: string, reason: unknown, operator: Operator, requestId: string): Promise<TenantView> {
  if (typeof reason !== 'string') throw invalid('reason', 'Say why the tenant is suspended');
  await actOnTenant(tenantId, [{ type: 'suspend', reason }], operator, requestId);
  await closeTenantConnections(tenantId);
  return viewAfter(tenantId);
}

export async function resumeTenant(tenantId: string, operator: Operator, requestId: string): Promise<TenantView> {
  await actOnTenant(tenantId, [{ type: 'resume' }], operator, requestId);
  return viewAfter(tenantId);
}

export async function changeTenantPlan(tenantId: string, plan: unknown, operator: Operator, requestId: string): Promise<TenantView> {
  if (typeof plan !== 'string') throw invalid('plan', 'Name the plan');
  await actOnTenant(tenantId, [{ type: 'changePlan', plan }], operator, requestId);
  return viewAfter(tenantId);
}

/** Refuses (409) an action a tenant's status rules out before any work is done for it (the decider refuses it again in its transaction). */
export function refuseUnlessHeld(tenant: TenantRecord, allowed: readonly TenantRecord['status'][], message: string): void {
  if (!allowed.includes(tenant.status)) throw conflict(message);
}
