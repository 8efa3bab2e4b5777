import pMap from 'p-map';
import { DomainError } from '../../events/errors';
import { recordTenantCost } from '../metrics';
import { httpRoutes } from '../routes';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { getStateItems } from '../store/view-table';
import { stateTable } from '../tables';
import { tenantOf } from '../tenants/tenant-record';
import { usageOfMonth, usageUpTo, usageCounterNames, type MonthlyUsage } from '../usage/usage-counters';
import { awsPrices } from './aws-prices';
import { CALLS_IN_FLIGHT } from '../adapters/bounded-clients';

/**
 * The cost per tenant of one month (issue 31): each tenant's metered usage (its monthly usage
 * counters, functions/usage/usage-counters.ts) priced with the AWS list prices (aws-prices.ts).
 * Who calls it: the operator API's `GET /operator/costs?month=YYYY-MM[&bill=AMOUNT]` answers
 * `costReportAnswer(month, bill)` (the JSON report plus its `text`), which `npm run tenant --
 * costs --month 2026-11 [--json] [--bill AMOUNT]` prints. `publishCostMetrics` puts each
 * tenant's total in CloudWatch (TenantCost, dimension tenantId) for the dashboard's top tenants.
 *
 * What is priced, per tenant and month:
 * - DynamoDB reads and writes: the capacity its requests consumed, as DynamoDB reported it
 *   (ReturnConsumedCapacity); a write refused by its condition (a spent rate-limit bucket)
 *   reports none, so each refused request is counted as one write unit (`throttled`): an upper
 *   bound, as an instance that already knows the bucket is spent refuses without a write.
 * - DynamoDB storage: the bytes of every event the tenant appended up to that month (the
 *   processors' `eventBytes`); views, indexes and DynamoDB's per-item overhead are not in it.
 * - Lambda: a request each, and its seconds at the API functions' memory; a PDF's seconds at the
 *   PDF function's memory instead (so `pdfSeconds` costs the difference on top of durationMs).
 * - API Gateway and CloudFront: a request each; CloudFront's transfer out: the response bytes.
 * - S3: the photos it keeps now (the tenant record's `storageBytes`), for the whole month.
 * - SES: the mails its requests sent.
 * Not priced (they stay in the bill's remainder, `--bill`): free tiers (not subtracted),
 * CloudWatch, KMS, WAF, Secrets Manager, the stream processors' and scheduled functions' own
 * time, S3 requests, data transfer of photos served from the bucket, signed-out requests.
 */

/** The API functions' memory (infra/constructs/handler-function.ts' default) and the PDF function's (the route manifest's). */
const API_MEMORY_GB = 1024 / 1024;
const PDF_MEMORY_GB = (httpRoutes.exportPdf.runtime?.memoryMb ?? 1024) / 1024;
const GB = 1024 ** 3;

export const costLines = ['dynamodb', 'lambda', 'apiGateway', 'cloudFront', 's3', 'ses'] as const;
export type CostLine = (typeof costLines)[number];

export interface TenantCost {
  readonly tenantId: string;
  readonly name: string;
  readonly plan: string;
  readonly usage: MonthlyUsage;
  /** Bytes of the tenant's events appended up to the end of the month. */
  readonly storedEventBytes: number;
  /** Bytes of photos kept (the tenant record's counter, as it is now). */
  readonly storageBytes: number;
  /** US dollars per service. */
  readonly costs: Record<CostLine, number>;
  readonly total: number;
}

export interface CostReport {
  readonly month: string;
  readonly prices: { readonly readOn: string; readonly region: string };
  /** Most expensive first. */
  readonly tenants: readonly TenantCost[];
  readonly total: number;
  /** With a bill's total: how much of it the tenants' usage explains. */
  readonly bill?: { readonly amount: number; readonly attributed: number; readonly unattributed: number; readonly attributedPercent: number };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Prices one tenant's month. */
export function priceUsage(usage: MonthlyUsage, storedEventBytes: number, storageBytes: number): { costs: Record<CostLine, number>; total: number } {
  const p = awsPrices;
  const gbSeconds = (usage.durationMs / 1000) * API_MEMORY_GB + usage.pdfSeconds * (PDF_MEMORY_GB - API_MEMORY_GB);
  const costs: Record<CostLine, number> = {
    dynamodb:
      ((usage.dynamoWriteUnits + usage.throttled) / 1e6) * p.dynamodb.writeRequestUnitsPerMillion +
      (usage.dynamoReadUnits / 1e6) * p.dynamodb.readRequestUnitsPerMillion +
      (storedEventBytes / GB) * p.dynamodb.storageGbMonth,
    lambda: gbSeconds * p.lambda.gbSecond + (usage.requests / 1e6) * p.lambda.requestsPerMillion,
    apiGateway: (usage.requests / 1e6) * p.apiGateway.httpRequestsPerMillion,
    cloudFront: (usage.responseBytes / GB) * p.cloudFront.dataTransferOutGb + (usage.requests / 1e4) * p.cloudFront.httpsRequestsPer10k,
    s3: (storageBytes / GB) * p.s3.storageGbMonth,
    ses: (usage.mailsSent / 1000) * p.ses.emailsPerThousand,
  };
  return { costs, total: costLines.reduce((sum, line) => sum + costs[line], 0) };
}

/**
 * The month's cost per tenant: every tenant with usage that month or a record (one query each of
 * gsi1, one BatchGet of the records, one query per tenant of its months for stored event bytes).
 */
export async function costReport(month: string, bill?: number): Promise<CostReport> {
  if (!MONTH.test(month)) throw new DomainError('invalid', 'month: A month is written YYYY-MM (e.g. 2026-11)', { month: ['A month is written YYYY-MM (e.g. 2026-11)'] });
  const [usage, records] = await Promise.all([
    usageOfMonth(month),
    queryAll<{ tenantId: string }>({ IndexName: stateTable.indexes.gsi1.name, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': stateKeys.tenants } }),
  ]);
  const tenantIds = [...new Set([...usage.keys(), ...records.map((record) => record.tenantId)])].sort();
  const items = tenantIds.length ? await getStateItems(tenantIds.map((tenantId) => stateKeys.tenant(tenantId))) : [];
  const zero = Object.fromEntries(usageCounterNames.map((name) => [name, 0])) as MonthlyUsage;
  const tenants = await pMap(
    tenantIds,
    async (tenantId, at): Promise<TenantCost> => {
      const tenant = tenantOf(tenantId, items[at] as Record<string, unknown> | undefined);
      const months = await usageUpTo(tenantId, month);
      const storedEventBytes = months.reduce((sum, m) => sum + m.eventBytes, 0);
      const used = usage.get(tenantId) ?? zero;
      const { costs, total } = priceUsage(used, storedEventBytes, tenant.storageBytes);
      return { tenantId, name: tenant.name, plan: tenant.plan, usage: used, storedEventBytes, storageBytes: tenant.storageBytes, costs: rounded(costs), total: round(total) };
    },
    { concurrency: CALLS_IN_FLIGHT },
  );
  tenants.sort((a, b) => b.total - a.total || a.tenantId.localeCompare(b.tenantId));
  const total = round(tenants.reduce((sum, tenant) => sum + tenant.total, 0));
  return {
    month,
    prices: { readOn: awsPrices.readOn, region: awsPrices.region },
    tenants,
    total,
    ...(bill === undefined ? {} : { bill: { amount: bill, attributed: total, unattributed: round(bill - total), attributedPercent: bill > 0 ? Math.round((total / bill) * 1000) / 10 : 0 } }),
  };
}

/** The report as the operator API answers it: the JSON report and its text. `bill` as typed (`--bill 1234.56`, a `$` and commas allowed). */
export async function costReportAnswer(month: string | undefined, bill: string | undefined): Promise<CostReport & { text: string }> {
  if (month === undefined) throw new DomainError('invalid', 'month: Which month? Written YYYY-MM (e.g. 2026-11)', { month: ['Which month? Written YYYY-MM (e.g. 2026-11)'] });
  let amount: number | undefined;
  if (bill !== undefined) {
    amount = Number(bill.replace(/^\$/, '').replaceAll(',', ''));
    if (!Number.isFinite(amount) || amount < 0 || bill.trim() === '') throw new DomainError('invalid', 'bill: The bill is an amount in US dollars, e.g. 1234.56', { bill: ['The bill is an amount in US dollars, e.g. 1234.56'] });
  }
  const report = await costReport(month, amount);
  return { ...report, text: formatCostReport(report) };
}

const dollars = (value: number) => `$${value.toFixed(value !== 0 && Math.abs(value) < 1 ? 4 : 2)}`;

/** The report as a table for a terminal. */
export function formatCostReport(report: CostReport): string {
  const header = ['Tenant', 'Plan', 'Requests', 'DynamoDB', 'Lambda', 'API GW', 'CloudFront', 'S3', 'SES', 'Total'];
  const rows = report.tenants.map((tenant) => [
    tenant.name ? `${tenant.name} (${tenant.tenantId})` : tenant.tenantId,
    tenant.plan,
    String(tenant.usage.requests),
    ...costLines.map((line) => dollars(tenant.costs[line])),
    dollars(tenant.total),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd();
  const lines = [
    `Cost per tenant, ${report.month} (AWS list prices of ${report.prices.region}, read ${report.prices.readOn}; free tiers not subtracted)`,
    '',
    line(header),
    ...rows.map(line),
    '',
    `Total of ${report.tenants.length} tenant${report.tenants.length === 1 ? '' : 's'}: ${dollars(report.total)}`,
  ];
  if (report.bill) {
    const { amount, unattributed, attributedPercent } = report.bill;
    lines.push(
      unattributed >= 0
        ? `The bill says ${dollars(amount)}: the tenants' usage explains ${attributedPercent}% of it; ${dollars(unattributed)} is not attributed (shared: CloudWatch, KMS, WAF, Secrets Manager, processors, S3 requests; or prices to read again).`
        : `The bill says ${dollars(amount)}: ${dollars(-unattributed)} less than the tenants' usage priced here (${attributedPercent}%): free tiers and discounts, or prices to read again (functions/operations/aws-prices.ts).`,
    );
  }
  return lines.join('\n');
}

/** Each tenant's month-to-date total as a metric (TenantCost, dimension tenantId): what the dashboard ranks tenants by. */
export function publishCostMetrics(report: CostReport): void {
  for (const tenant of report.tenants) recordTenantCost(tenant.tenantId, tenant.total);
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const rounded = (costs: Record<CostLine, number>) => Object.fromEntries(costLines.map((line) => [line, round(costs[line])])) as Record<CostLine, number>;
