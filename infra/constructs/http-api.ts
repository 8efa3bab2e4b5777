import { Duration, type Stack } from 'aws-cdk-lib';
import { type CfnStage, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PDF_EXPORTS_AT_ONCE } from '../../functions/limits';
import { handlerName, httpRoutes, type HttpRoute } from '../../functions/routes';
import { setUpStage } from './api-stages';
import { pascal } from './construct-ids';
import type { FunctionSetup } from './function-roles';
import { byHandler, HandlerFunction } from './handler-function';

/** The HTTP API, with its stage's access log and throttling. */
export function buildHttpApi(scope: Stack): HttpApi {
  const httpApi = new HttpApi(scope, 'HttpApi', { apiName: 'construction-checklist-http' });
  setUpStage(scope, httpApi.defaultStage!.node.defaultChild as CfnStage, 'HttpApiAccessLogs', {
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    requestTime: '$context.requestTime',
    method: '$context.httpMethod',
    routeKey: '$context.routeKey',
    status: '$context.status',
    responseLength: '$context.responseLength',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  });
  return httpApi;
}

/**
 * One Lambda per handler module and one route per entry of the manifest (functions/routes.ts). A
 * function is named after its first route: functions that serve one route keep their ids (and log
 * groups) from when every route had its own.
 */
export function serveHttpRoutes(scope: Stack, httpApi: HttpApi, { environment, roles }: FunctionSetup): HandlerFunction[] {
  const functions: HandlerFunction[] = [];
  for (const [handler, routes] of byHandler(httpRoutes as Record<string, HttpRoute>)) {
    const [firstName, first] = routes[0]!;
    const differentSize = routes.find(([, route]) => JSON.stringify(route.runtime) !== JSON.stringify(first.runtime));
    if (differentSize) throw new Error(`routes ${firstName} and ${differentSize[0]} share the handler ${handlerName(handler)} but not its sizing (runtime)`);
    const differentKey = routes.find(([, route]) => route.auditKey !== first.auditKey);
    if (differentKey) throw new Error(`routes ${firstName} and ${differentKey[0]} share the handler ${handlerName(handler)} but not its use of the audit key`);
    const fn = new HandlerFunction(scope, `Http${pascal(firstName)}`, {
      handler,
      description: `route: ${routes.map(([, route]) => `${route.method} ${route.path}`).join(', ')}`,
      environment,
      role: roles.for(handler, first.auditKey),
      memorySize: first.runtime?.memoryMb,
      timeout: first.runtime ? Duration.seconds(first.runtime.timeoutSeconds) : undefined,
      // Chromium renders take seconds and 1.6 GB each: a few at once, so exports cannot take the
      // account's concurrency from every other route.
      reservedConcurrentExecutions: handler.href === httpRoutes.exportPdf.handler.href ? PDF_EXPORTS_AT_ONCE : undefined,
    });
    functions.push(fn);
    const integration = new HttpLambdaIntegration(`Http${pascal(firstName)}Integration`, fn);
    // The photo route answers HEAD as well (a browser's or a cache's check): API Gateway routes it only if told.
    for (const [, route] of routes) httpApi.addRoutes({ path: route.path, methods: route.name === 'getObject' ? [HttpMethod.GET, HttpMethod.HEAD] : [HttpMethod[route.method]], integration });
  }
  return functions;
}
