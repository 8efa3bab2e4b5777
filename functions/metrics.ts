import { MetricUnit, Metrics } from '@aws-lambda-powertools/metrics';
import { logger } from './logger';

/**
 * The functions' metrics, as CloudWatch embedded metric format in the logs (Powertools Metrics):
 * requests, 4xx and 5xx and latency by route group, commands by aggregate and type, conflicts
 * retried, browser notices delivered, gone and failed, PDF render time. The tenant is a property
 * (metadata) of each record, and a dimension only of the per-tenant few (issue 31: requests, 5xx,
 * latency, requests refused by the rate limit): each tenant is four metrics a month ($0.30 each at
 * list price), the rest of a tenant's figures come from its usage counters (functions/usage/).
 * The local cloud turns them off (POWERTOOLS_METRICS_DISABLED): they would flood its console.
 */

export const METRICS_NAMESPACE = 'ConstructionChecklist';
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'construction-checklist' });
/** The per-tenant metrics' own records: their dimensions are the tenant's, not the request's route group. */
const tenantMetrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'construction-checklist' });

/** Names the stack's alarms and dashboard read (infra/constructs/observability.ts). */
export const metricNames = {
  requests: 'Requests',
  clientErrors: 'ClientErrors',
  serverErrors: 'ServerErrors',
  latency: 'Latency',
  commands: 'Commands',
  conflictRetries: 'ConflictRetries',
  noticesDelivered: 'NoticesDelivered',
  connectionsGone: 'ConnectionsGone',
  noticesFailed: 'NoticesFailed',
  pdfRenderTime: 'PdfRenderTime',
  /** Requests the per-tenant rate limit refused (429): only with the tenant dimension. */
  throttled: 'Throttled',
  /** A tenant's month-to-date cost in US dollars at list prices (functions/operations/tenant-costs.ts): only with the tenant dimension. */
  tenantCost: 'TenantCost',
} as const;

/** The dimension of the per-tenant metrics (the dashboard's top tenants group by it). */
export const TENANT_DIMENSION = 'tenantId';

/** `/api/projects/{id}/stats` → `projects`: few enough to be a dimension, the golden signals' unit. */
export const routeGroupOf = (path: string): string => /^\/api\/([a-z-]+)/.exec(path)?.[1] ?? 'other';

/** One HTTP request's figures, published with its other records (one EMF line). */
export function recordRequest(routePath: string, status: number, durationMs: number, tenantId: string | undefined): void {
  metrics.addDimension('routeGroup', routeGroupOf(routePath));
  metrics.addMetric(metricNames.requests, MetricUnit.Count, 1);
  if (status >= 500) metrics.addMetric(metricNames.serverErrors, MetricUnit.Count, 1);
  else if (status >= 400) metrics.addMetric(metricNames.clientErrors, MetricUnit.Count, 1);
  metrics.addMetric(metricNames.latency, MetricUnit.Milliseconds, durationMs);
  if (tenantId) metrics.addMetadata('tenantId', tenantId);
  publish();
  if (tenantId) recordTenantRequest(tenantId, status, durationMs);
}

/** The per-tenant few, in a record of their own (dimension: the tenant only, not the route group too). */
function recordTenantRequest(tenantId: string, status: number, durationMs: number): void {
  try {
    tenantMetrics.addDimension(TENANT_DIMENSION, tenantId);
    tenantMetrics.addMetric(metricNames.requests, MetricUnit.Count, 1);
    if (status >= 500) tenantMetrics.addMetric(metricNames.serverErrors, MetricUnit.Count, 1);
    if (status === 429) tenantMetrics.addMetric(metricNames.throttled, MetricUnit.Count, 1);
    tenantMetrics.addMetric(metricNames.latency, MetricUnit.Milliseconds, durationMs);
    tenantMetrics.publishStoredMetrics();
  } catch (error) {
    logger.warn('metrics not published', { error: error as Error });
  }
}

/** A tenant's month-to-date cost (US dollars, unit None): published by the cost report, for the dashboard's top tenants. */
export function recordTenantCost(tenantId: string, dollars: number): void {
  try {
    tenantMetrics.addDimension(TENANT_DIMENSION, tenantId);
    tenantMetrics.addMetric(metricNames.tenantCost, MetricUnit.NoUnit, dollars);
    tenantMetrics.publishStoredMetrics();
  } catch (error) {
    logger.warn('metrics not published', { error: error as Error });
  }
}

/** Commands run on an aggregate, and the attempts a conflict cost: a metric of their own (their dimension is not the request's). */
export function recordCommands(aggregate: string, types: readonly string[], retries: number, tenantId: string): void {
  for (const type of new Set(types)) {
    const single = metrics.singleMetric();
    single.addDimension('command', `${aggregate}.${type}`);
    single.addMetadata('tenantId', tenantId);
    single.addMetric(metricNames.commands, MetricUnit.Count, types.filter((t) => t === type).length);
  }
  if (retries > 0) {
    const single = metrics.singleMetric();
    single.addDimension('aggregate', aggregate);
    single.addMetadata('tenantId', tenantId);
    single.addMetric(metricNames.conflictRetries, MetricUnit.Count, retries);
  }
  logger.appendKeys({ tenantId });
}

export function recordNotices(delivered: number, gone: number, failed: number): void {
  metrics.addMetric(metricNames.noticesDelivered, MetricUnit.Count, delivered);
  metrics.addMetric(metricNames.connectionsGone, MetricUnit.Count, gone);
  metrics.addMetric(metricNames.noticesFailed, MetricUnit.Count, failed);
  publish();
}

export function recordPdfRender(ms: number): void {
  const single = metrics.singleMetric();
  single.addMetric(metricNames.pdfRenderTime, MetricUnit.Milliseconds, ms);
}

/** Publishes what is stored; metrics never fail the request they describe. */
function publish(): void {
  try {
    metrics.publishStoredMetrics();
  } catch (error) {
    logger.warn('metrics not published', { error: error as Error });
  }
}
