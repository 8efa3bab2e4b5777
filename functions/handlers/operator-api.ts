import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2WithIAMAuthorizer, APIGatewayProxyStructuredResultV2, Context, ScheduledEvent } from 'aws-lambda';
import { config } from '../config';
import { reply, toResult } from '../http/responses';
import { logger } from '../logger';
import { costReport, publishCostMetrics } from '../operations/tenant-costs';
import { usageMonth } from '../usage/usage-counters';
import { answerOperator } from '../operator/operator-api';
import { sweepOffboarded } from '../operator/tenant-offboarding';

/**
 * The operator API (issue 31): ONE Lambda for every operator path, routed inside
 * (functions/operator/operator-api.ts). The stack has some 40 resources of headroom, not enough
 * for a function, role and route per operator action, and operators call it a few times a day.
 *
 * It sits behind its own HTTP API with the IAM authorizer: whoever reaches this function was
 * signed by an IAM identity allowed to invoke the API, and that identity (its ARN) names the
 * operator in the events. Locally the gateway checks the local operator key and hands over the
 * same shape (infra/local/gateway/operator-api.ts). No product session counts: cookies are not
 * read here at all, and without an IAM identity nothing runs (401).
 */

export type OperatorEvent = APIGatewayProxyEventV2WithIAMAuthorizer;

export async function answer(event: OperatorEvent, requestId: string): Promise<APIGatewayProxyStructuredResultV2> {
  const iam = event.requestContext?.authorizer?.iam;
  const name = iam?.userArn || iam?.callerId;
  if (!name) return toResult(reply(401, { message: 'Operators only: sign the request with an IAM identity allowed to call the operator API' }));
  const started = performance.now();
  const result = toResult(
    await answerOperator({
      method: event.requestContext.http.method,
      path: event.rawPath,
      query: event.queryStringParameters ?? {},
      body: event.body && event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body,
      operator: { name },
      requestId,
    }),
  );
  // Every operator request is logged with who made it: the events say what changed, this says what was asked.
  logger.info('operator request', { requestId, operator: name, method: event.requestContext.http.method, path: event.rawPath, status: result.statusCode, durationMs: Math.round(performance.now() - started) });
  return result;
}

/**
 * The daily sweep (an EventBridge schedule invoking this same function): removes the tenants whose
 * offboarding grace period is over, as `npm run tenant -- sweep` does, as the operator `scheduled-sweep`;
 * then publishes each tenant's month-to-date cost (TenantCost), which the dashboard ranks tenants by.
 */
export async function sweep(requestId: string): Promise<{ removed: number }> {
  const removed = await sweepOffboarded({ name: 'scheduled-sweep' }, requestId);
  logger.info('offboarding sweep', { requestId, removed: removed.map((tenant) => tenant.tenantId) });
  publishCostMetrics(await costReport(usageMonth()));
  return { removed: removed.length };
}

const isScheduled = (event: OperatorEvent | ScheduledEvent): event is ScheduledEvent => (event as ScheduledEvent)['detail-type'] === 'Scheduled Event';

config();
export const handler = middy(async (event: OperatorEvent | ScheduledEvent, context: Context) =>
  isScheduled(event) ? sweep(context.awsRequestId ?? randomUUID()) : answer(event, event.requestContext?.requestId ?? context.awsRequestId ?? randomUUID()),
).use(injectLambdaContext(logger, { resetKeys: true }));
