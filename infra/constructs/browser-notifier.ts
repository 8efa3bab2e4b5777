import { Duration, type Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { browserNotifier, handlerModulePath } from '../../functions/routes';
import type { FunctionSetup } from './function-roles';
import { HandlerFunction } from './handler-function';

/** The browser notifier on the events stream, with retries, bisection and a dead-letter queue. */
export function buildBrowserNotifier(scope: Stack, events: ITable, { environment, roles }: FunctionSetup) {
  const deadLetterQueue = new Queue(scope, 'BrowserNotifierDeadLetterQueue', {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  const fn = new HandlerFunction(scope, 'BrowserNotifier', {
    handler: browserNotifier.handler,
    description: `browser-notifier: ${handlerModulePath(browserNotifier.handler)}`,
    environment,
    role: roles.for(browserNotifier.handler, undefined, 'BrowserNotifier'),
    timeout: Duration.seconds(60),
    memorySize: 512,
  });
  fn.addEventSource(
    new DynamoEventSource(events, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: browserNotifier.batchSize,
      bisectBatchOnError: true,
      retryAttempts: 10,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(deadLetterQueue),
    }),
  );
  return { fn, deadLetterQueue };
}
