import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { StoredEvent } from '../../events/envelope';
import { parseStreamId, tenantStreamId } from '../../events/streams';
import { notFound } from '../../events/errors';
import { tenantMessages } from '../../events/tenants/tenant';
import { s3 } from '../adapters/s3';
import { eventStore } from '../commands/event-store';
import { config } from '../config';
import { collectTenant, removeTenant, type TenantData } from '../operations/tenant-data';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { stateTable } from '../tables';
import { tenantOf } from '../tenants/tenant-record';
import { actOnTenant, refuseUnlessHeld } from './tenant-actions';
import { closeTenantConnections } from './tenant-connections';
import { findTenant, showTenant, type TenantView } from './tenant-listing';
import type { Operator } from './operator-identity';

/**
 * Offboarding a tenant (issue 31): its export (the tenant:export NDJSON: events as stored with
 * their hash chain, state items, the objects it uploaded) is written to the uploads bucket under
 * `exports/tenants/<id>/` first, then its status becomes `offboarding` (its people are refused
 * as when suspended) with a removal date `OFFBOARD_GRACE_DAYS` away; the sweep removes the data of
 * every tenant past that date (functions/operations/tenant-data.ts removeTenant) and records it
 * `gone`. The export stays: it is what the service keeps of a tenant it no longer holds.
 *
 * The tenant's own stream and record are kept through removal: they are the operators' record
 * of what happened to it (name, plan, status changes, who acted), and hold no one's personal data
 * beyond the company's name.
 */

/** Days between starting an offboarding and the sweep removing the tenant's data (env OFFBOARD_GRACE_DAYS; tests set 0). */
export function offboardGraceDays(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.OFFBOARD_GRACE_DAYS ?? 30);
  if (!Number.isFinite(days) || days < 0) throw new Error(`OFFBOARD_GRACE_DAYS must be a number of days ≥ 0, not "${env.OFFBOARD_GRACE_DAYS}"`);
  return days;
}

export const EXPORTS_PREFIX = 'exports/tenants/';

/**
 * What offboarding exports and removes: the tenant's data without its own stream and record (kept,
 * see above) and its months of usage (kept: no one's personal data, and the cost report of those
 * months still prices them).
 */
async function tenantDataToRemove(tenantId: string): Promise<TenantData> {
  const data = await collectTenant(tenantId);
  const kept = new Set([stateKeys.streamHead(tenantStreamId(tenantId)).pk, stateKeys.tenant(tenantId).pk, stateKeys.tenantUsage(tenantId, '').pk]);
  return {
    ...data,
    events: data.events.filter((event) => parseStreamId(event.streamId)?.kind !== 'tenant'),
    state: data.state.filter((item) => !kept.has(item.pk as string)),
  };
}

/** The NDJSON of `npm run tenant:export`: one record per line, personal values also opened (`plain`). */
async function exportLines(data: TenantData): Promise<string> {
  const opened: StoredEvent[] = await eventStore().opened(data.events);
  const lines = [
    ...data.events.map((event, i) => ({ record: 'event', ...event, ...(opened[i] !== event ? { plain: { data: opened[i]!.data, meta: opened[i]!.meta } } : {}) })),
    ...data.state.map((item) => ({ record: 'state', ...item })),
    ...data.objects.map((object) => ({ record: 'object', ...object })),
  ];
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** Exports the tenant to the bucket, then starts its offboarding; answers the tenant as it now is. */
export async function offboardTenant(tenantId: string, operator: Operator, requestId: string, now = new Date()): Promise<TenantView> {
  const tenant = await findTenant(tenantId);
  if (!tenant) throw notFound('Tenant');
  // Nothing exported for a tenant that cannot be offboarded (the decider refuses it again, in its transaction).
  refuseUnlessHeld(tenant, ['active', 'suspended'], tenant.status === 'gone' ? tenantMessages.gone : tenantMessages.offboarding);
  const exportKey = `${EXPORTS_PREFIX}${tenantId}/${now.toISOString().replace(/[:.]/g, '-')}.ndjson`;
  const body = await exportLines(await tenantDataToRemove(tenantId));
  await s3().send(new PutObjectCommand({ Bucket: config().uploadsBucket, Key: exportKey, Body: body, ContentType: 'application/x-ndjson' }));
  const graceDays = offboardGraceDays();
  const removeAfter = new Date(now.getTime() + graceDays * 24 * 60 * 60 * 1000).toISOString();
  await actOnTenant(tenantId, [{ type: 'startOffboarding', graceDays, removeAfter, exportKey }], operator, requestId);
  await closeTenantConnections(tenantId);
  return (await showTenant(tenantId))!;
}

export interface SweepResult {
  readonly tenantId: string;
  readonly projects: number;
  readonly accounts: number;
  readonly events: number;
  readonly objects: number;
}

/** Removes every tenant whose offboarding's grace period is over, and records each gone. */
export async function sweepOffboarded(operator: Operator, requestId: string, now = new Date()): Promise<SweepResult[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: stateTable.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.tenants },
  });
  const due = items
    .map((item) => tenantOf(item.tenantId as string, item))
    .filter((tenant) => tenant.status === 'offboarding' && tenant.offboarding && Date.parse(tenant.offboarding.removeAfter) <= now.getTime());
  const swept: SweepResult[] = [];
  // One tenant at a time: a removal is many batched deletes, and the sweep is no request path.
  for (const tenant of due) {
    const data = await tenantDataToRemove(tenant.tenantId);
    const projects = new Set(data.events.flatMap((event) => (event.projectId ? [event.projectId] : []))).size;
    const accounts = data.state.filter((item) => item.sk === 'user').length;
    const removed = await removeTenant(tenant.tenantId, data);
    await actOnTenant(tenant.tenantId, [{ type: 'remove', projects, accounts }], operator, requestId);
    swept.push({ tenantId: tenant.tenantId, projects, accounts, events: removed.events, objects: removed.objects });
  }
  return swept;
}
