import { NestedStack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { Alarms } from './alarms';
import { pascal } from './construct-ids';
import { alarmOnProcessors } from './stream-processors';

export interface MonitoringProps {
  /** The alarm topic (it stays in the app's stack: see AlarmTopic). */
  readonly topic: ITopic;
  readonly httpApi: IHttpApi;
  /** Every function of ours: each gets an errors alarm named after its construct id. */
  readonly functions: ReadonlyArray<IFunction>;
  /** The tables by their name in functions/tables.ts. */
  readonly tables: ReadonlyMap<string, ITable>;
  /** The stream processors' last-resort queue (batches whose own dead letters could not be filed). */
  readonly deadLetterQueue: IQueue;
}

/**
 * The alarms, in a nested stack (one resource in the app's stack): one per function and per table
 * grows with every route, and the app's stack must stay under CloudFormation's 500 resources.
 * CDK passes each value of the app's stack an alarm reads (a function's name, a table's, the
 * queue's, the API's id, the topic's ARN) as one parameter: about one per function, far below
 * the 200 a stack may take before the app's stack reaches its own limit (each function costs it at
 * least three resources: the function, its log group, its invoke permission).
 */
export class MonitoringStack extends NestedStack {
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, { description: "Construction Checklist: the alarms (nested, to keep the app's stack under CloudFormation's resource limit)" });
    const alarms = new Alarms(this, 'Alarms', { topic: props.topic });
    alarms.onMessagesIn(props.deadLetterQueue, 'Batches of the events stream that failed every retry (their processors could not file dead letters) are waiting in the queue');
    alarmOnProcessors(alarms, props.topic);
    alarms.onServerErrors(props.httpApi);
    for (const fn of props.functions) alarms.onFunctionErrors(fn, fn.node.id);
    alarms.onLambdaThrottles();
    for (const [name, table] of props.tables) alarms.onTableTrouble(table, pascal(name));
    alarms.onNoticeFailures();
    this.alarms = alarms;
  }
}
