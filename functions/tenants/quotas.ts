import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '../../events/errors';
import { plans, type Quotas } from '../../events/tenants/plans';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import type { ViewWrite } from '../store/event-store';
import { stateKeys } from '../store/keys';
import type { WriteSet } from '../store/write-set';
import { stateTable } from '../tables';
import { getTenant, tenantOf, type TenantRecord } from './tenant-record';

/**
 * A tenant's plan limits (issue 31), enforced on the server. Each limited count is a counter on
 * the tenant record, moved in the same transaction as the events that change it (a project
 * created, completed, cancelled or deleted; a colleague joining or removed; a photo published),
 * never by scanning, and the increase carries the limit as its condition: two requests racing
 * for the last place cannot both take it. PDF exports are counted per UTC day in an item of their
 * own (no event goes with an export).
 *
 * The messages name the limit (403, `fieldErrors` keyed by the quota), word for word:
 * 'Your plan allows 25 active projects'.
 */

export type QuotaName = 'activeProjects' | 'seats' | 'storageBytes' | 'pdfExportsPerDay';

const GB = 1024 ** 3;

export function quotaMessage(name: QuotaName, quotas: Quotas): string {
  switch (name) {
    case 'activeProjects':
      return `Your plan allows ${quotas.activeProjects} active projects`;
    case 'seats':
      return `Your plan allows ${quotas.seats} seats`;
    case 'storageBytes':
      // Plans are whole gigabytes; a fraction (a test's plan) is shown to one decimal.
      return `Your plan allows ${Number.isInteger(quotas.storageBytes / GB) ? quotas.storageBytes / GB : (quotas.storageBytes / GB).toFixed(1)} GB of photos`;
    case 'pdfExportsPerDay':
      return `Your plan allows ${quotas.pdfExportsPerDay} PDF exports a day`;
  }
}

export const quotaExceeded = (name: QuotaName, quotas: Quotas): DomainError => {
  const message = quotaMessage(name, quotas);
  return new DomainError('forbidden', message, { [name]: [message] });
};

/** The plan's limits of this tenant. */
export const quotasOf = (tenant: Pick<TenantRecord, 'plan'>): Quotas => plans[tenant.plan];

/** Seats taken: the owner always holds one, so a tenant without the counter yet has 1. */
export const seatsTaken = (item: { seats?: unknown } | undefined): number => (typeof item?.seats === 'number' && item.seats > 0 ? item.seats : 1);

const table = () => config().stateTable;

// ---- Active projects --------------------------------------------------------------------------

/**
 * The tenant, with its active-projects counter set: a tenant whose record has no counter yet
 * (made before issue 31, or created at sign-up without one) gets it from one query of its
 * projects' index, once (the write is conditioned on the counter still being absent), so the
 * first decrement never takes it below what is there.
 */
export async function tenantWithCounters(tenantId: string, known?: Record<string, unknown>): Promise<TenantRecord> {
  // A record this request read already (consistently, with the session) is not read again.
  const key = stateKeys.tenant(tenantId);
  const Item = known?.pk === key.pk && known.sk === key.sk ? known : (await dynamo().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
  if (typeof Item?.activeProjects === 'number') return tenantOf(tenantId, Item);
  const activeProjects = await countActiveProjects(tenantId);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: stateKeys.tenant(tenantId),
        UpdateExpression: 'SET activeProjects = :n',
        ConditionExpression: 'attribute_not_exists(activeProjects)',
        ExpressionAttributeValues: { ':n': activeProjects },
      }),
    );
  } catch (error) {
    // Someone counted first: theirs stands.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
  return getTenant(tenantId);
}

/** Not completed or cancelled (a paused project still holds its place). */
export const isActiveStatus = (status: string): boolean => status !== 'completed' && status !== 'cancelled';

async function countActiveProjects(tenantId: string): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: stateTable.indexes.gsi1.name,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': stateKeys.contractorProjects(tenantId) },
        ProjectionExpression: '#status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExclusiveStartKey,
      }),
    );
    count += (page.Items ?? []).filter((item) => isActiveStatus(String(item.status))).length;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** 403 now, before any work, when one more active project would pass the plan. */
export function assertActiveProjectRoom(tenant: TenantRecord): void {
  if (tenant.activeProjects + 1 > quotasOf(tenant).activeProjects) throw quotaExceeded('activeProjects', quotasOf(tenant));
}

/**
 * Moves the tenant's active-projects counter in a command's write set (the events' transaction).
 * An increase is conditioned on the plan's limit (a race for the last place fails one of them).
 */
export function activeProjectsDelta(writes: WriteSet, tenant: TenantRecord, delta: number): void {
  if (delta === 0) return;
  const key = stateKeys.tenant(tenant.tenantId);
  if (delta > 0) writes.set(key, {}, { expression: 'attribute_not_exists(activeProjects) OR activeProjects <= :most', values: { ':most': quotasOf(tenant).activeProjects - delta } });
  // A decrease: the counter is there (tenantWithCounters set it).
  writes.add(key, { activeProjects: delta });
}

// ---- Seats --------------------------------------------------------------------------------------

/**
 * A colleague joining (delta 1) or removed (-1): the tenant's seats counter, in the events'
 * transaction; a join only while the plan has a seat left.
 */
export function seatsWrite(tenant: TenantRecord, delta: 1 | -1): ViewWrite {
  const quotas = quotasOf(tenant);
  return {
    item: {
      Update: {
        TableName: table(),
        Key: stateKeys.tenant(tenant.tenantId),
        // The owner's seat is there before any counter is.
        UpdateExpression: 'SET seats = if_not_exists(seats, :one) + :delta',
        ...(delta > 0 ? { ConditionExpression: 'attribute_not_exists(seats) OR seats < :limit' } : {}),
        ExpressionAttributeValues: { ':one': 1, ':delta': delta, ...(delta > 0 ? { ':limit': quotas.seats } : {}) },
      },
    },
    onConditionFailed: () => quotaExceeded('seats', quotas),
  };
}

export function assertSeatFree(tenant: TenantRecord): void {
  if (seatsTaken(tenant) + 1 > quotasOf(tenant).seats) throw quotaExceeded('seats', quotasOf(tenant));
}

// ---- Storage ------------------------------------------------------------------------------------

/** A published photo's bytes on the tenant's counter, in the publish's transaction, only while they fit the plan. */
export function storageWrite(tenant: TenantRecord, bytes: number): ViewWrite {
  const quotas = quotasOf(tenant);
  return {
    item: {
      Update: {
        TableName: table(),
        Key: stateKeys.tenant(tenant.tenantId),
        UpdateExpression: 'ADD storageBytes :bytes',
        ConditionExpression: 'attribute_not_exists(storageBytes) OR storageBytes <= :most',
        ExpressionAttributeValues: { ':bytes': bytes, ':most': quotas.storageBytes - bytes },
      },
    },
    onConditionFailed: () => quotaExceeded('storageBytes', quotas),
  };
}

export function assertStorageRoom(tenant: TenantRecord, bytes: number): void {
  if (tenant.storageBytes + bytes > quotasOf(tenant).storageBytes) throw quotaExceeded('storageBytes', quotasOf(tenant));
}

// ---- PDF exports a day --------------------------------------------------------------------------

/** The UTC day an export counts on. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * Takes one of the tenant's PDF exports of today (UTC), before Chromium runs: one conditional
 * ADD, so no two exports take the last one. The day's item expires two days later.
 */
export async function takePdfExport(tenantId: string, now = new Date()): Promise<void> {
  const tenant = await getTenant(tenantId);
  const quotas = quotasOf(tenant);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: stateKeys.tenantDailyExports(tenantId, utcDay(now)),
        UpdateExpression: 'ADD pdfExports :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: 'attribute_not_exists(pdfExports) OR pdfExports < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': quotas.pdfExportsPerDay, ':expires': Math.floor(now.getTime() / 1000) + 2 * 24 * 60 * 60 },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw quotaExceeded('pdfExportsPerDay', quotas);
    throw error;
  }
}
