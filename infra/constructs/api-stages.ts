import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import type { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { API_BURST_LIMIT, API_REQUESTS_PER_SECOND } from '../../functions/limits';
import { apiGatewayLogsPolicy } from './nag-suppressions';

/**
 * A stage of either API: its access log, one JSON line per request, kept a year; and throttling,
 * so that a flood that gets past the WAF's per-address limit (many addresses) stops at API Gateway
 * with 429s before it reaches the functions and the tables.
 */
export function setUpStage(scope: Stack, stage: CfnStage, logsId: string, fields: Record<string, string>): void {
  const logGroup = new LogGroup(scope, logsId, { retention: RetentionDays.ONE_YEAR, removalPolicy: RemovalPolicy.RETAIN });
  stage.accessLogSettings = { destinationArn: logGroup.logGroupArn, format: JSON.stringify(fields) };
  stage.defaultRouteSettings = { ...(stage.defaultRouteSettings as object), throttlingRateLimit: API_REQUESTS_PER_SECOND, throttlingBurstLimit: API_BURST_LIMIT };
}

/**
 * API Gateway writes the WebSocket stage's logs only through an account-wide CloudWatch role
 * (one per account and region, shared by every API there): this stack sets it when context
 * `apiGatewayLogsRole` is true, and leaves it to the account's owner otherwise.
 */
export function apiGatewayAccountLogging(scope: Stack): void {
  const logsRoleContext = scope.node.tryGetContext('apiGatewayLogsRole') as unknown;
  if (logsRoleContext !== true && logsRoleContext !== 'true') return;
  const role = new Role(scope, 'ApiGatewayLogsRole', {
    assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
    managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName(apiGatewayLogsPolicy)],
  });
  new CfnAccount(scope, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn });
}
