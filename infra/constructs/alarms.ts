import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, metricNames } from '../../functions/metrics';

/** Every DynamoDB operation the functions use: throttles and system errors are counted over these. */
export const tableOperations = [Operation.GET_ITEM, Operation.BATCH_GET_ITEM, Operation.QUERY, Operation.SCAN, Operation.PUT_ITEM, Operation.UPDATE_ITEM, Operation.DELETE_ITEM, Operation.BATCH_WRITE_ITEM, Operation.TRANSACT_WRITE_ITEMS, Operation.TRANSACT_GET_ITEMS];

/** Above this share of 5xx answers over 5 minutes (with at least 20 requests), the API alarms. */
export const SERVER_ERROR_PERCENT = 1;

const FIVE_MINUTES = Duration.minutes(5);

/** One of the app's own metrics (functions/metrics.ts), summed. */
export const appMetric = (metricName: string, dimensionsMap: Record<string, string> = {}, statistic = 'Sum') =>
  new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: 'construction-checklist', ...dimensionsMap }, statistic, period: FIVE_MINUTES });

/**
 * Where the alarms go: one SNS topic, encrypted with a key CloudWatch may use (the AWS-managed SNS
 * key refuses CloudWatch), mailed to the `alarmEmail` context address when given. It stays in the
 * app's stack (id `Alarms`, as before the alarms moved out): operators subscribe to its ARN (output
 * `AlarmTopicArn`), so it must not be replaced when the alarms move.
 */
export class AlarmTopic extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: { email?: string }) {
    super(scope, id);
    const key = new Key(this, 'TopicKey', { description: 'Construction Checklist: encrypts the alarm topic', enableKeyRotation: true });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', { displayName: 'Construction Checklist alarms', masterKey: key, enforceSSL: true });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
  }
}

/** The alarms, each sending to the alarm topic. */
export class Alarms extends Construct {
  private readonly topic: ITopic;

  constructor(scope: Construct, id: string, props: { topic: ITopic }) {
    super(scope, id);
    this.topic = props.topic;
  }

  private alarm(id: string, description: string, metric: IMetric, threshold = 0, evaluationPeriods = 1): Alarm {
    const alarm = new Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    return alarm;
  }

  /** As soon as a queue holds a message (a dead-letter queue: something failed every retry). */
  onMessagesIn(queue: IQueue, description: string): Alarm {
    return this.alarm(`${queue.node.id}NotEmpty`, description, queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }));
  }

  /** The HTTP API's share of 5xx answers, over 5 minutes with at least 20 requests, two periods running. */
  onServerErrors(api: IHttpApi): Alarm {
    const rate = new MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: { errors: api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }), requests: api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }) },
      label: '5xx %',
      period: FIVE_MINUTES,
    });
    return this.alarm('HttpApiServerErrors', `More than ${SERVER_ERROR_PERCENT}% of API answers are 5xx`, rate, SERVER_ERROR_PERCENT, 2);
  }

  /** A function that fails (an unhandled error, a timeout, out of memory) in two 5-minute periods running. */
  onFunctionErrors(fn: IFunction, name: string): Alarm {
    return this.alarm(`${name}Errors`, `${name} failed invocations`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 0, 2);
  }

  /** Any Lambda throttled in the account and region: the functions share its concurrency. */
  onLambdaThrottles(): Alarm {
    return this.alarm('LambdaThrottles', 'Lambda invocations throttled (account concurrency reached)', new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: FIVE_MINUTES }));
  }

  onTableTrouble(table: ITable, name: string): Alarm[] {
    return [
      this.alarm(`${name}Throttles`, `${name} table requests throttled`, table.metricThrottledRequestsForOperations({ operations: tableOperations, period: FIVE_MINUTES })),
      this.alarm(`${name}SystemErrors`, `${name} table system errors (500s from DynamoDB)`, table.metricSystemErrorsForOperations({ operations: tableOperations, period: FIVE_MINUTES })),
    ];
  }

  /** Browser notices whose post failed (not a closed tab: those count as gone). */
  onNoticeFailures(): Alarm {
    return this.alarm('NoticeFailures', 'Live notices to browsers failed to post (WebSocket management API)', appMetric(metricNames.noticesFailed), 0, 2);
  }
}
