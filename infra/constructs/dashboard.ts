import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Dashboard, GraphWidget, MathExpression, TextWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, metricNames, routeGroupOf, TENANT_DIMENSION } from '../../functions/metrics';
import { processorMetricNames } from '../../functions/processors/processor-metrics';
import { httpRoutes, streamProcessors } from '../../functions/routes';
import { appMetric, tableOperations } from './alarms';
import { processorLagMetric } from './stream-processors';

/** The route groups of the manifest (`/api/<group>/…`), the dashboard's rows. */
export const routeGroups = [...new Set(Object.values(httpRoutes).map((route) => routeGroupOf(route.path)))].sort();

/**
 * The ten tenants with the most of a per-tenant metric (issue 31), by a Metrics Insights query: one
 * line per tenant, whichever tenants those are this hour, without a widget per tenant.
 */
const topTenants = (metricName: string, statistic: 'SUM' | 'MAX', label: string) =>
  new MathExpression({
    expression: `SELECT ${statistic}(${metricName}) FROM SCHEMA("${METRICS_NAMESPACE}", service, ${TENANT_DIMENSION}) GROUP BY ${TENANT_DIMENSION} ORDER BY ${statistic}() DESC LIMIT 10`,
    label,
    period: Duration.minutes(5),
  });

/**
 * One CloudWatch dashboard: the golden signals (traffic, errors, latency) of each route group from
 * the functions' own metrics, then the API, the tables, live notices and the dead-letter queue.
 */
export class OperationsDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: { httpApi: IHttpApi; tables: Array<{ name: string; table: ITable }>; deadLetterQueue: IQueue }) {
    super(scope, id);
    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: 'construction-checklist', defaultInterval: Duration.hours(3) });
    this.dashboard.addWidgets(new TextWidget({ markdown: '# Construction Checklist\nGolden signals per route group (requests, errors, latency), then the API, tables and live notices.', width: 24, height: 2 }));
    for (const group of routeGroups) {
      const dims = { routeGroup: group };
      this.dashboard.addWidgets(
        new GraphWidget({ title: `${group}: requests`, left: [appMetric(metricNames.requests, dims)], width: 8 }),
        new GraphWidget({ title: `${group}: errors`, left: [appMetric(metricNames.serverErrors, dims).with({ label: '5xx' }), appMetric(metricNames.clientErrors, dims).with({ label: '4xx' })], width: 8 }),
        new GraphWidget({ title: `${group}: latency`, left: ['p50', 'p95', 'p99'].map((statistic) => appMetric(metricNames.latency, dims, statistic).with({ label: statistic })), width: 8 }),
      );
    }
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API: 4xx and 5xx', left: [props.httpApi.metricClientError({ statistic: 'Sum' }), props.httpApi.metricServerError({ statistic: 'Sum' })], width: 8 }),
      new GraphWidget({ title: 'Commands and conflicts retried', left: [appMetric(metricNames.commands)], right: [appMetric(metricNames.conflictRetries)], width: 8 }),
      new GraphWidget({
        title: 'Live notices',
        left: [appMetric(metricNames.noticesDelivered), appMetric(metricNames.connectionsGone), appMetric(metricNames.noticesFailed)],
        right: [props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ label: 'dead-letter queue' })],
        width: 8,
      }),
      // One graph each: the two sums name their per-operation metrics alike.
      ...props.tables.flatMap(({ name, table }) => [
        new GraphWidget({ title: `${name} table: throttled requests`, left: [table.metricThrottledRequestsForOperations({ operations: tableOperations })], width: 6 }),
        new GraphWidget({ title: `${name} table: system errors`, left: [table.metricSystemErrorsForOperations({ operations: tableOperations })], width: 6 }),
      ]),
      new GraphWidget({ title: 'PDF render time', left: ['p50', 'p95'].map((statistic) => appMetric(metricNames.pdfRenderTime, {}, statistic).with({ label: statistic })), width: 12 }),
    );
    // Issue 31: how far behind the stream's processors are (their alarm is at 60 s), and the tenants
    // that weigh most: by requests, by requests refused by their rate limit, by month-to-date cost
    // (TenantCost, published by each run of the cost report).
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Stream processors: lag (seconds)', left: streamProcessors.processors.map((processor) => processorLagMetric(processor).with({ label: processor })), width: 8 }),
      new GraphWidget({
        title: 'Stream processors: events handled and dead letters',
        left: streamProcessors.processors.map((processor) => appMetric(processorMetricNames.handled, { Processor: processor }).with({ label: `${processor} handled` })),
        right: streamProcessors.processors.map((processor) => appMetric(processorMetricNames.deadLettered, { Processor: processor }).with({ label: `${processor} dead letters` })),
        width: 8,
      }),
      new GraphWidget({ title: 'Top tenants by requests', left: [topTenants(metricNames.requests, 'SUM', 'requests')], width: 8 }),
      new GraphWidget({ title: 'Top tenants by requests refused (429)', left: [topTenants(metricNames.throttled, 'SUM', 'refused')], width: 8 }),
      new GraphWidget({ title: 'Top tenants by month-to-date cost (USD, list prices)', left: [topTenants(metricNames.tenantCost, 'MAX', 'cost')], width: 8 }),
      new GraphWidget({ title: 'Top tenants by 5xx', left: [topTenants(metricNames.serverErrors, 'SUM', '5xx')], width: 8 }),
    );
  }
}
