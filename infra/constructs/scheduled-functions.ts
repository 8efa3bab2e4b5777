import { Duration, type Stack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { dailyDigest, handlerModulePath, sessionKeyRotator } from '../../functions/routes';
import type { FunctionRoles, FunctionSetup } from './function-roles';
import { HandlerFunction } from './handler-function';

/** The session key's rotation: a new key every 30 days; the previous one verifies until the next. */
export function rotateSessionKey(scope: Stack, sessionSecret: Secret, roles: FunctionRoles): HandlerFunction {
  const fn = new HandlerFunction(scope, 'SessionKeyRotator', {
    handler: sessionKeyRotator.handler,
    description: `secret-rotation: ${handlerModulePath(sessionKeyRotator.handler)}`,
    environment: {},
    // Its grants on the secret come with the rotation schedule below.
    role: roles.for(sessionKeyRotator.handler, undefined, 'SessionKeyRotator'),
    timeout: Duration.seconds(30),
    memorySize: 256,
  });
  sessionSecret.addRotationSchedule('Rotation', { rotationLambda: fn, automaticallyAfter: Duration.days(sessionKeyRotator.everyDays) });
  return fn;
}

/**
 * The daily decisions digest (issue 18): an EventBridge schedule; its own role (it scans the
 * state table, mails as the configured identity, signs unsubscribe links with the session key).
 */
export function scheduleDailyDigest(scope: Stack, { environment, roles }: FunctionSetup): HandlerFunction {
  const fn = new HandlerFunction(scope, 'DailyDigest', {
    handler: dailyDigest.handler,
    description: `schedule: ${handlerModulePath(dailyDigest.handler)}`,
    environment,
    role: roles.for(dailyDigest.handler, undefined, 'DailyDigest'),
    timeout: Duration.minutes(5),
  });
  new Rule(scope, 'DailyDigestSchedule', {
    description: 'Mails each client the decisions due within 7 days and the overdue ones, daily',
    schedule: Schedule.cron({ hour: dailyDigest.schedule.hour, minute: dailyDigest.schedule.minute }),
    // A failed run is retried: clients mailed that day already are not mailed again.
    targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
  });
  return fn;
}
