import { Duration, NestedStack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { type CfnStage, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpIamAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { handlerModulePath } from '../../functions/routes';
import { Alarms } from './alarms';
import { setUpStage } from './api-stages';
import type { FunctionSetup } from './function-roles';
import { HandlerFunction } from './handler-function';

export interface OperatorApiProps {
  /** The operator API's handler module (functions/routes.ts `operatorApi`). */
  readonly handler: URL;
  readonly setup: FunctionSetup;
  /** When the daily offboarding sweep runs (UTC). */
  readonly sweepSchedule: { readonly hour: string; readonly minute: string };
  /** The alarm topic: the function's errors (a failed sweep, say) alarm to it. */
  readonly topic: ITopic;
}

/**
 * The operators' API (issue 31): its own HTTP API, apart from the product's, reached with IAM
 * (SigV4) only: no CloudFront, no cookie, so a product session can never call it. One function
 * serves every `/operator/*` path (routed inside it): operator calls are few, and a function per
 * path would cost the app's stack resources it does not have. A nested stack for the same reason.
 * Who may call it is an IAM policy on the operators' own principals (`execute-api:Invoke` on
 * `OperatorApiArn`/*), granted outside this app.
 */
export class OperatorApiStack extends NestedStack {
  readonly api: HttpApi;
  readonly fn: HandlerFunction;

  constructor(scope: Construct, id: string, props: OperatorApiProps) {
    super(scope, id, { description: 'Construction Checklist: the operators\' API (IAM-authorised), nested' });
    this.api = new HttpApi(this, 'OperatorHttpApi', { apiName: 'construction-checklist-operator', defaultAuthorizer: new HttpIamAuthorizer() });
    setUpStage(this, this.api.defaultStage!.node.defaultChild as CfnStage, 'OperatorApiAccessLogs', {
      requestId: '$context.requestId',
      // The IAM principal that signed the call: the operator, in the access log as in the event.
      caller: '$context.identity.userArn',
      ip: '$context.identity.sourceIp',
      requestTime: '$context.requestTime',
      routeKey: '$context.routeKey',
      status: '$context.status',
    });
    this.fn = new HandlerFunction(this, 'OperatorApi', {
      handler: props.handler,
      description: `operator-api: ${handlerModulePath(props.handler)}`,
      environment: props.setup.environment,
      role: props.setup.roles.for(props.handler, undefined, 'OperatorApi'),
      // The sweep removes whole tenants: minutes. An offboarding call that outlasts API Gateway's
      // 30 s answers 503 to the CLI while the function carries on (`tenant show` tells the outcome).
      timeout: Duration.minutes(15),
      memorySize: 1024,
    });
    this.api.addRoutes({ path: '/operator/{proxy+}', methods: [HttpMethod.ANY], integration: new HttpLambdaIntegration('OperatorIntegration', this.fn) });
    // The same function, on a schedule: removes the tenants whose offboarding grace period is over.
    new Rule(this, 'OffboardingSweep', {
      description: 'Removes tenants whose offboarding grace period (OFFBOARD_GRACE_DAYS) is over, daily',
      schedule: Schedule.cron(props.sweepSchedule),
      targets: [new LambdaFunction(this.fn, { retryAttempts: 2 })],
    });
    new Alarms(this, 'Alarms', { topic: props.topic }).onFunctionErrors(this.fn, 'OperatorApi');
  }
}
