import { Duration, type Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { LAG_ALARM_SECONDS, PROCESSOR_DIMENSION, processorMetricNames } from '../../functions/processors/processor-metrics';
import { handlerModulePath, streamProcessors } from '../../functions/routes';
import { appMetric } from './alarms';
import type { FunctionSetup } from './function-roles';
import { HandlerFunction } from './handler-function';

/**
 * The stream's processors: one function on the events stream running every processor of the
 * manifest (each keeps its own checkpoint and dead letters in the state table), with the event
 * source's retries and bisection, and a queue as the last resort (a batch whose bookkeeping failed
 * every retry).
 */
export function buildStreamProcessors(scope: Stack, events: ITable, { environment, roles }: FunctionSetup) {
  const deadLetterQueue = new Queue(scope, 'StreamProcessorsDeadLetterQueue', {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  const fn = new HandlerFunction(scope, 'StreamProcessors', {
    handler: streamProcessors.handler,
    description: `stream-processors: ${handlerModulePath(streamProcessors.handler)}`,
    environment,
    role: roles.for(streamProcessors.handler, undefined, 'StreamProcessors'),
    timeout: Duration.seconds(60),
    memorySize: 512,
  });
  fn.addEventSource(
    new DynamoEventSource(events, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: streamProcessors.batchSize,
      bisectBatchOnError: true,
      retryAttempts: 10,
      onFailure: new SqsDlq(deadLetterQueue),
    }),
  );
  return { fn, deadLetterQueue };
}

/** A processor's lag in seconds (the most of a minute), as the alarm reads it (and the dashboard, `.with({ label })`). */
export const processorLagMetric = (processor: string) => appMetric(processorMetricNames.lagSeconds, { [PROCESSOR_DIMENSION]: processor }, 'Maximum').with({ period: Duration.minutes(1) });

/**
 * One alarm per processor when it is more than 60 s behind, and one when any processor filed a
 * dead letter (`npm run processors -- status` lists them; `replay NAME` once fixed). No data (no
 * events) is not a lag.
 */
export function alarmOnProcessors(scope: Construct, topic: ITopic): Alarm[] {
  const action = new SnsAction(topic);
  const alarms = streamProcessors.processors.map(
    (processor) =>
      new Alarm(scope, `ProcessorLag${processor.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}`, {
        alarmDescription: `Stream processor ${processor} is more than ${LAG_ALARM_SECONDS} s behind the events`,
        metric: processorLagMetric(processor),
        threshold: LAG_ALARM_SECONDS,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
  );
  const deadLetters = Object.fromEntries(
    streamProcessors.processors.map((processor, i) => [`d${i}`, appMetric(processorMetricNames.deadLettered, { [PROCESSOR_DIMENSION]: processor })]),
  );
  alarms.push(
    new Alarm(scope, 'ProcessorDeadLetters', {
      alarmDescription: 'A stream processor gave up on an event: see npm run processors -- status, and replay it once fixed',
      metric: new MathExpression({ expression: `SUM([${Object.keys(deadLetters).join(', ')}])`, usingMetrics: deadLetters, label: 'dead letters', period: Duration.minutes(5) }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );
  for (const alarm of alarms) alarm.addAlarmAction(action);
  return alarms;
}
