import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';

/**
 * A tenant's metered usage per calendar month (UTC), one item per tenant and month
 * (`stateKeys.tenantUsage`): numbers only ever ADDed, so any number of Lambdas count into it at
 * once without reading it first, and the cost report (functions/operations/tenant-costs.ts)
 * prices what it holds. Who writes what: the HTTP handler requests, errors, throttled, durationMs
 * and responseBytes; the PDF handlers pdfSeconds and pdfExports; the mailer mailsSent; the
 * usage-metering processor eventsAppended and eventBytes.
 */

export const usageCounterNames = [
  'requests',
  'errors',
  'throttled',
  'durationMs',
  'responseBytes',
  'eventsAppended',
  'eventBytes',
  'pdfSeconds',
  'pdfExports',
  'mailsSent',
] as const;

export type UsageCounterName = (typeof usageCounterNames)[number];
export type UsageCounts = Partial<Record<UsageCounterName, number>>;
/** A month's usage as read back: every counter present (absent = 0). */
export type MonthlyUsage = Record<UsageCounterName, number>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The calendar month (UTC) of `at`, as the usage items are keyed: `2026-11`. */
export const usageMonth = (at: Date = new Date()): string => at.toISOString().slice(0, 7);

export function assertMonth(month: string): void {
  if (!MONTH.test(month)) throw new Error(`A month is written YYYY-MM (e.g. 2026-11), not "${month}"`);
}

/**
 * Adds `counts` to the tenant's usage of `month` in one UpdateItem (ADD creates the item and its
 * attributes on first use). Zero and non-finite counts are left out; nothing to add = no write.
 */
export async function addUsage(tenantId: string, month: string, counts: UsageCounts): Promise<void> {
  assertMonth(month);
  const entries = usageCounterNames
    .map((name) => [name, counts[name]] as const)
    .filter((entry): entry is readonly [UsageCounterName, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]) && entry[1] !== 0);
  if (entries.length === 0) return;
  await dynamo().send(
    new UpdateCommand({
      TableName: config().stateTable,
      Key: stateKeys.tenantUsage(tenantId, month),
      UpdateExpression: `ADD ${entries.map(([name]) => `#${name} :${name}`).join(', ')} SET tenantId = :tenantId, #month = :month`,
      ExpressionAttributeNames: { ...Object.fromEntries(entries.map(([name]) => [`#${name}`, name])), '#month': 'month' },
      ExpressionAttributeValues: { ...Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])), ':tenantId': tenantId, ':month': month },
    }),
  );
}

/** The tenant's usage of `month`, every counter present (0 when nothing was counted). */
export async function getUsage(tenantId: string, month: string): Promise<MonthlyUsage> {
  assertMonth(month);
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.tenantUsage(tenantId, month), ConsistentRead: true }));
  return usageOf(Item);
}

/** Every counter of a stored usage item (absent = 0). */
export function usageOf(item: Record<string, unknown> | undefined): MonthlyUsage {
  return Object.fromEntries(usageCounterNames.map((name) => [name, typeof item?.[name] === 'number' ? (item[name] as number) : 0])) as MonthlyUsage;
}
