import { Logger, LogLevelThreshold, type LogItem } from '@aws-lambda-powertools/logger';
import { envNames } from './config';
import { readableLogLine } from './log-line';
import { mapStacksOnDemand } from './source-positions';

/**
 * Structured JSON logs (one line per request, errors with their stack), level from
 * POWERTOOLS_LOG_LEVEL. In AWS always JSON (CloudWatch indexes it). On the local cloud
 * (`npm start`) each record prints as one readable line instead (functions/log-line.ts), unless
 * LOG_FORMAT=json asks for the JSON there too.
 *
 * One logger serves every function, and on the local cloud every function runs in one process:
 * the Lambda context it names (function_name) is kept per invocation by the local gateway,
 * as Lambda's runtime does for concurrent invocations (infra/local/gateway/lambda.ts).
 */

export const LOG_FORMAT_ENV = 'LOG_FORMAT';

// Powertools keeps its state per invocation when AWS_LAMBDA_MAX_CONCURRENCY is set, in the
// runtime's invocation store, and throws without one. Lambda's runtime sets both; the local
// cloud sets both in its process, but a process it starts (a test worker) inherits the setting
// alone: there invocations are not scoped, as in a plain Lambda.
const runtime = globalThis as { awslambda?: { InvokeStore?: unknown } };
if (process.env.AWS_LAMBDA_MAX_CONCURRENCY && !runtime.awslambda?.InvokeStore) delete process.env.AWS_LAMBDA_MAX_CONCURRENCY;

/** Read on every record, so the local cloud (or a test) may set the environment after import. */
export const readableLogs = () => process.env[envNames.mode] === 'local' && process.env[LOG_FORMAT_ENV] !== 'json';

class AppLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    if (!readableLogs()) return super.printLog(logLevel, log);
    log.prepareForPrint();
    const line = readableLogLine(log.getAttributes(), { colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR });
    if (logLevel >= LogLevelThreshold.ERROR) console.error(line);
    else if (logLevel >= LogLevelThreshold.WARN) console.warn(line);
    else console.log(line);
  }
}

// In a Lambda, the errors it logs name our files and lines (read from the bundle's map on the first one).
mapStacksOnDemand(import.meta.url);

export const logger: Logger = new AppLogger({ serviceName: 'construction-checklist' });
