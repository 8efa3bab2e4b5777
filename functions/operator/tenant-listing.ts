import { plans } from '../../events/tenants/plans';
import { findUserById } from '../auth/users';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { stateTable } from '../tables';
import { getTenant, tenantName, tenantOf, type TenantRecord } from '../tenants/tenant-record';
import { getStateItems } from '../store/view-table';
import { getUsage, usageMonth, usageOf, type MonthlyUsage } from '../usage/usage-counters';

/**
 * What operators see of tenants (issue 31): id, name, status, plan and usage (the record's
 * counters against the plan's quotas, and this month's metered usage). A tenant made before
 * issue 31 has no record: it is found by its owner's account (`show ID`) and gets its record on
 * the first operator action; until then the list, which reads the records, does not show it.
 */

export interface TenantView {
  readonly tenantId: string;
  readonly name: string;
  readonly status: TenantRecord['status'];
  readonly plan: TenantRecord['plan'];
  readonly createdAt?: string;
  readonly statusReason?: string;
  readonly suspendedAt?: string;
  readonly offboarding?: TenantRecord['offboarding'];
  readonly usage: {
    readonly activeProjects: number;
    readonly seats: number;
    readonly storageBytes: number;
    /** This calendar month's metered usage (UTC). */
    readonly month: string;
    readonly requests: number;
    readonly eventsAppended: number;
    readonly pdfExports: number;
    readonly mailsSent: number;
  };
  readonly quotas: (typeof plans)[keyof typeof plans];
}

export function viewOf(tenant: TenantRecord, month: string, usage: MonthlyUsage): TenantView {
  return {
    tenantId: tenant.tenantId,
    name: tenant.name,
    status: tenant.status,
    plan: tenant.plan,
    ...(tenant.createdAt ? { createdAt: tenant.createdAt } : {}),
    ...(tenant.statusReason ? { statusReason: tenant.statusReason } : {}),
    ...(tenant.suspendedAt ? { suspendedAt: tenant.suspendedAt } : {}),
    ...(tenant.offboarding ? { offboarding: tenant.offboarding } : {}),
    usage: {
      activeProjects: tenant.activeProjects,
      seats: tenant.seats,
      storageBytes: tenant.storageBytes,
      month,
      requests: usage.requests,
      eventsAppended: usage.eventsAppended,
      pdfExports: usage.pdfExports,
      mailsSent: usage.mailsSent,
    },
    quotas: plans[tenant.plan],
  };
}

/**
 * The tenant as it is, or undefined when there is none: no record and no contractor account of
 * that id. Without a record yet its name comes from the owner's account.
 */
export async function findTenant(tenantId: string): Promise<TenantRecord | undefined> {
  const tenant = await getTenant(tenantId);
  if (tenant.recorded) return tenant;
  const owner = await findUserById(tenantId);
  if (owner?.role !== 'contractor') return undefined;
  return { ...tenant, name: tenantName(owner), createdAt: owner.createdAt };
}

export async function showTenant(tenantId: string, month = usageMonth()): Promise<TenantView | undefined> {
  const tenant = await findTenant(tenantId);
  return tenant && viewOf(tenant, month, await getUsage(tenantId, month));
}

/** Every tenant with a record (gsi1 `tenants#`, in id order), each with its usage this month. */
export async function listTenants(month = usageMonth()): Promise<TenantView[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: stateTable.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.tenants },
  });
  const tenants = items.map((item) => tenantOf(item.tenantId as string, item));
  // BatchGetItem takes 100 keys at a time: hundreds of tenants are a few round trips, not hundreds.
  const usages: (Record<string, unknown> | undefined)[] = [];
  for (let at = 0; at < tenants.length; at += 100) {
    usages.push(...(await getStateItems(tenants.slice(at, at + 100).map((tenant) => stateKeys.tenantUsage(tenant.tenantId, month)))));
  }
  return tenants.map((tenant, at) => viewOf(tenant, month, usageOf(usages[at])));
}
