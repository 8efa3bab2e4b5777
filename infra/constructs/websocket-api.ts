import { ArnFormat, Duration, type Stack } from 'aws-cdk-lib';
import { type CfnStage, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { webSocketRoutes } from '../../functions/routes';
import { setUpStage } from './api-stages';
import { pascal } from './construct-ids';
import type { FunctionSetup } from './function-roles';
import { byHandler, HandlerFunction } from './handler-function';

export const webSocketStageName = 'prod';

/** The WebSocket API and its auto-deployed stage, with its access log and throttling. */
export function buildWebSocketApi(scope: Stack) {
  const webSocketApi = new WebSocketApi(scope, 'WebSocketApi', {
    apiName: 'construction-checklist-ws',
  });
  const webSocketStage = new WebSocketStage(scope, 'WebSocketStage', {
    webSocketApi,
    stageName: webSocketStageName,
    autoDeploy: true,
  });
  setUpStage(scope, webSocketStage.node.defaultChild as CfnStage, 'WebSocketAccessLogs', {
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    requestTime: '$context.requestTime',
    eventType: '$context.eventType',
    routeKey: '$context.routeKey',
    connectionId: '$context.connectionId',
    status: '$context.status',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  });
  return {
    webSocketApi,
    webSocketStage,
    // Built from the api id, region and the literal stage name (not from the stage or route
    // resources), so functions never depend on the routes that depend on them.
    managementEndpoint: `https://${webSocketApi.apiId}.execute-api.${scope.region}.${scope.urlSuffix}/${webSocketStageName}`,
    connectionsArn: scope.formatArn({
      service: 'execute-api',
      resource: webSocketApi.apiId,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      resourceName: `${webSocketStageName}/*/@connections/*`,
    }),
  };
}

/** One Lambda per handler module of the WebSocket routes (functions/routes.ts), one route per entry. */
export function serveWebSocketRoutes(scope: Stack, webSocketApi: WebSocketApi, { environment, roles }: FunctionSetup): HandlerFunction[] {
  const functions: HandlerFunction[] = [];
  for (const [handler, routes] of byHandler(webSocketRoutes)) {
    const [firstKey] = routes[0]!;
    const fn = new HandlerFunction(scope, `Ws${pascal(firstKey)}`, {
      handler,
      description: `websocket: ${routes.map(([routeKey]) => routeKey).join(', ')}`,
      environment,
      role: roles.for(handler),
      timeout: Duration.seconds(29),
    });
    functions.push(fn);
    const integration = new WebSocketLambdaIntegration(`Ws${pascal(firstKey)}Integration`, fn);
    for (const [routeKey] of routes) webSocketApi.addRoute(routeKey, { integration });
  }
  return functions;
}
