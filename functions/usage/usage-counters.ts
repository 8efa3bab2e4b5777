import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamo, meteringDynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { getStateItems } from '../store/view-table';
import { stateTable } from '../tables';

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
  'dynamoReadUnits',
  'dynamoWriteUnits',
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
 *
 * The usage item is in no index, so an ADD is one write unit: listing every tenant's month for the
 * cost report (gsi1, usageOfMonth) is the job of a small marker item, written once per tenant and
 * month, when the ADD finds the usage item not yet `listed` (its old image comes with the write, at
 * no cost). The marker is written before `listed` is set, so a failure between them only writes
 * the marker again next time.
 *
 * `client`: the request path passes the metering client (functions/adapters/dynamo.ts), which gives
 * up quickly while the database stalls; the stream's metering processor keeps the patient one (its
 * retries and dead letters handle a stall).
 */
export async function addUsage(tenantId: string, month: string, counts: UsageCounts, client = dynamo()): Promise<void> {
  assertMonth(month);
  const entries = usageCounterNames
    .map((name) => [name, counts[name]] as const)
    .filter((entry): entry is readonly [UsageCounterName, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]) && entry[1] !== 0);
  if (entries.length === 0) return;
  const { Attributes: before } = await client.send(
    new UpdateCommand({
      TableName: config().stateTable,
      Key: stateKeys.tenantUsage(tenantId, month),
      UpdateExpression: `ADD ${entries.map(([name]) => `#${name} :${name}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (before?.listed !== true) await listUsage(tenantId, month, client);
}

/**
 * Lists the tenant's usage of `month` for usageOfMonth: its marker in gsi1, then `listed` on the
 * usage item (with its id and month, as a report reads it). Both UpdateItems, on `tenant-usage#`
 * keys: what a read route's role may write (infra/constructs/grants.ts). A usage item written before
 * the markers carried gsi1 itself: its keys go, so its next ADD no longer writes the index.
 */
async function listUsage(tenantId: string, month: string, client: DynamoDBDocumentClient): Promise<void> {
  await client.send(
    new UpdateCommand({
      TableName: config().stateTable,
      Key: stateKeys.tenantUsageListing(tenantId, month),
      UpdateExpression: 'SET tenantId = :tenantId, #month = :month, gsi1pk = :gsi1pk, gsi1sk = :tenantId',
      ExpressionAttributeNames: { '#month': 'month' },
      ExpressionAttributeValues: { ':tenantId': tenantId, ':month': month, ':gsi1pk': stateKeys.usageOfMonth(month) },
    }),
  );
  await client.send(
    new UpdateCommand({
      TableName: config().stateTable,
      Key: stateKeys.tenantUsage(tenantId, month),
      UpdateExpression: 'SET listed = :listed, tenantId = :tenantId, #month = :month REMOVE gsi1pk, gsi1sk',
      ExpressionAttributeNames: { '#month': 'month' },
      ExpressionAttributeValues: { ':listed': true, ':tenantId': tenantId, ':month': month },
    }),
  );
}

/** The tenant's usage of `month`, every counter present (0 when nothing was counted). */
export async function getUsage(tenantId: string, month: string): Promise<MonthlyUsage> {
  assertMonth(month);
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.tenantUsage(tenantId, month), ConsistentRead: true }));
  return usageOf(Item);
}

/** Every tenant's usage of `month` (gsi1: one query of the months' markers, no scan; then their usage items, 100 a round trip), by tenant id. */
export async function usageOfMonth(month: string): Promise<Map<string, MonthlyUsage>> {
  assertMonth(month);
  const listed = await queryAll<Record<string, unknown>>({
    IndexName: stateTable.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.usageOfMonth(month) },
  });
  // A usage item written before the markers is in gsi1 itself, counters and all.
  const tenantIds = [...new Set(listed.map((item) => item.tenantId as string))];
  const usages = await getStateItems(tenantIds.map((tenantId) => stateKeys.tenantUsage(tenantId, month)));
  return new Map(tenantIds.map((tenantId, at) => [tenantId, usageOf(usages[at])]));
}

/** A tenant's usage of every month up to and including `month` (its partition, oldest first): what its events have stored so far. */
export async function usageUpTo(tenantId: string, month: string): Promise<MonthlyUsage[]> {
  assertMonth(month);
  const items = await queryAll<Record<string, unknown>>({
    // The partition holds other counters too (a day's PDF exports): months only.
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
    ExpressionAttributeValues: { ':pk': stateKeys.tenantUsage(tenantId, month).pk, ':first': stateKeys.tenantUsage(tenantId, '0000-01').sk, ':last': stateKeys.tenantUsage(tenantId, month).sk },
  });
  return items.map(usageOf);
}

/** Every counter of a stored usage item (absent = 0). */
export function usageOf(item: Record<string, unknown> | undefined): MonthlyUsage {
  return Object.fromEntries(usageCounterNames.map((name) => [name, typeof item?.[name] === 'number' ? (item[name] as number) : 0])) as MonthlyUsage;
}

/**
 * Counts kept in this process before they are added: a request's usage is one more UpdateItem
 * (1 WCU) on one item per tenant and month, and a busy tenant would make that item hot. Locally
 * every count is written at once (tests and the report see it); in AWS the counts gather for
 * USAGE_FLUSH_MS and go in one UpdateItem per tenant, awaited by the request that finds them due
 * (never left pending while Lambda freezes the instance). What an instance gathered in its last
 * seconds before it is reclaimed is lost: the EMF metrics are the exact per-request record.
 */
const pending = new Map<string, UsageCounts>();
let gatheringSince: number | undefined;
export const USAGE_FLUSH_MS = 10_000;
/** Locally at once, unless USAGE_FLUSH_MS says otherwise (the noisy-neighbour bench gathers as AWS does). */
const flushAfterMs = () => (process.env.USAGE_FLUSH_MS !== undefined ? Number(process.env.USAGE_FLUSH_MS) : config().mode === 'local' ? 0 : USAGE_FLUSH_MS);

export async function countUsage(tenantId: string, counts: UsageCounts, at = new Date()): Promise<void> {
  const key = `${tenantId}\n${usageMonth(at)}`;
  const sum = pending.get(key) ?? {};
  for (const name of usageCounterNames) if (counts[name]) sum[name] = (sum[name] ?? 0) + counts[name]!;
  pending.set(key, sum);
  gatheringSince ??= at.getTime();
  if (at.getTime() - gatheringSince >= flushAfterMs()) await flushUsage();
}

/** Adds every gathered count now. */
export async function flushUsage(): Promise<void> {
  const batch = [...pending];
  pending.clear();
  gatheringSince = undefined;
  await Promise.all(batch.map(([key, counts]) => {
    const [tenantId, month] = key.split('\n') as [string, string];
    return addUsage(tenantId, month, counts, meteringDynamo());
  }));
}

/** PDF routes: their Lambda is the big one (Chromium), so its seconds are counted apart (durationMs counts every request). */
const pdfRoutes: ReadonlySet<string> = new Set(['exportPdf', 'changeOrderPdf']);

/** A request's own counts: one request, a 5xx or a 429, its time, and a PDF's seconds. */
export function requestUsage(route: { readonly name?: string }, status: number, durationMs: number): UsageCounts {
  const pdf = route.name !== undefined && pdfRoutes.has(route.name) && status < 300;
  return {
    requests: 1,
    errors: status >= 500 ? 1 : 0,
    throttled: status === 429 ? 1 : 0,
    durationMs: Math.round(durationMs),
    ...(pdf ? { pdfExports: 1, pdfSeconds: durationMs / 1000 } : {}),
  };
}
