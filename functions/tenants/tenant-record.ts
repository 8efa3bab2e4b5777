import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { defaultPlan, planNames, tenantStatuses, type PlanName, type TenantStatus } from '../../events/tenants/plans';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';

/**
 * The tenant record (issue 31): a contractor company's status, plan and usage counters, one item
 * of the state table (`stateKeys.tenant(id)`). It is plain state, written with the tenant's events
 * (functions/operator/) and the events that change its counters (functions/tenants/quotas.ts), not
 * a view: shadow rebuilds do not prefix it and archiving leaves it alone.
 *
 * A tenant made before issue 31 has no record yet: it reads as active on the default plan
 * (`tenantOf(undefined)`), and gets its record on the first operator action (the action's
 * transaction puts it) or when it is listed by `ensureTenantRecord` (functions/tenants/lazy-record.ts).
 */

export interface TenantOffboarding {
  readonly startedAt: string;
  /** When the sweep may remove the tenant's data (startedAt + OFFBOARD_GRACE_DAYS). */
  readonly removeAfter: string;
  /** The tenant's export in the uploads bucket, written before the status changed. */
  readonly exportKey: string;
}

/** Usage counters, ADDed in the transactions of the events that change them (absent = 0). */
export interface TenantUsage {
  readonly activeProjects: number;
  readonly seats: number;
  readonly storageBytes: number;
}

export interface TenantRecord extends TenantUsage {
  readonly tenantId: string;
  readonly name: string;
  readonly status: TenantStatus;
  readonly plan: PlanName;
  /** The owner's user id (today the same as tenantId). */
  readonly ownerId: string;
  readonly createdAt?: string;
  readonly statusReason?: string;
  readonly suspendedAt?: string;
  readonly offboarding?: TenantOffboarding;
  /** False while the tenant has no record yet (made before issue 31): the defaults. */
  readonly recorded: boolean;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The tenant as its stored item says (undefined: no record yet, so active on the default plan). */
export function tenantOf(tenantId: string, item: Record<string, unknown> | undefined): TenantRecord {
  const status = tenantStatuses.includes(item?.status as TenantStatus) ? (item!.status as TenantStatus) : 'active';
  const plan = planNames.includes(item?.plan as PlanName) ? (item!.plan as PlanName) : defaultPlan;
  return {
    tenantId,
    name: typeof item?.name === 'string' ? item.name : '',
    status,
    plan,
    ownerId: typeof item?.ownerId === 'string' ? item.ownerId : tenantId,
    ...(typeof item?.createdAt === 'string' ? { createdAt: item.createdAt } : {}),
    ...(typeof item?.statusReason === 'string' ? { statusReason: item.statusReason } : {}),
    ...(typeof item?.suspendedAt === 'string' ? { suspendedAt: item.suspendedAt } : {}),
    ...(item?.offboarding ? { offboarding: item.offboarding as TenantOffboarding } : {}),
    activeProjects: num(item?.activeProjects),
    seats: num(item?.seats),
    storageBytes: num(item?.storageBytes),
    recorded: item !== undefined,
  };
}

/** The tenant's record, read strongly consistent (the defaults when it has none yet). */
export async function getTenant(tenantId: string): Promise<TenantRecord> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.tenant(tenantId), ConsistentRead: true }));
  return tenantOf(tenantId, Item);
}

/** Whether the tenant's contractors may use the product: only an active tenant's may. */
export const tenantIsActive = (tenant: Pick<TenantRecord, 'status'>): boolean => tenant.status === 'active';

/** A company's name as its record shows it: the owner's company, else the owner's name. */
export const tenantName = (owner: { companyName?: string | null; firstName: string; lastName: string }): string =>
  owner.companyName?.trim() || `${owner.firstName} ${owner.lastName}`.trim();

/**
 * The record of a new tenant, put at a contractor's sign-up in the registration's transaction
 * (functions/accounts/registration.ts): active, on the default plan, the owner its one seat.
 */
export function newTenantItem(tenantId: string, name: string, now: string) {
  return {
    ...stateKeys.tenant(tenantId),
    gsi1pk: stateKeys.tenants,
    gsi1sk: tenantId,
    tenantId,
    name,
    status: 'active' satisfies TenantStatus,
    plan: defaultPlan,
    ownerId: tenantId,
    createdAt: now,
    seats: 1,
  };
}
