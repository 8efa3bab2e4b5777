import { randomUUID } from 'node:crypto';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';
import { millisecondsFromEnv } from '../../../functions/config';
import { handlerModulePath, handlerName } from '../../../functions/routes';

/**
 * Runs a handler module the way Lambda would: imported once ("cold start"), then invoked with an
 * event and a context. In-process, so a breakpoint in a handler just works.
 *
 * Every function runs in this one process, several requests at a time, and shares module state
 * such as the one Powertools logger: so each invocation runs in its own invocation store, as
 * Lambda's runtime does when one environment serves concurrent invocations (Lambda Managed
 * Instances, AWS_LAMBDA_MAX_CONCURRENCY). Powertools then keeps the Lambda context and keys
 * per invocation, and each log line names the function that wrote it (with one shared context,
 * a line named whichever function had started last).
 */

const invokeStore = InvokeStore.getInstanceAsync(true).then((store) => {
  // Powertools scopes its state per invocation only when this is set (and throws if it is set
  // without a store): set once the store exists.
  process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '1000';
  return store;
});
// Imported at the first invocation, as the handlers are: the level it reads from the environment
// (POWERTOOLS_LOG_LEVEL) is then the one the tests and benches set after importing the cloud.
let appLogger: Promise<typeof import('../../../functions/logger')['logger']> | undefined;

type AnyHandler = (event: unknown, context: Context) => Promise<unknown>;

/** Each handler module's `handler`, by the module's URL. */
const modules = new Map<string, Promise<AnyHandler>>();

function load(handler: URL): Promise<AnyHandler> {
  let loaded = modules.get(handler.href);
  if (!loaded) {
    loaded = import(handler.href).then((module: { handler?: AnyHandler }) => {
      if (typeof module.handler !== 'function') throw new Error(`${handlerModulePath(handler)} exports no handler`);
      return module.handler;
    });
    modules.set(handler.href, loaded);
  }
  return loaded;
}

/**
 * A function's time, as Lambda's: 30 s, or LOCAL_FUNCTION_TIMEOUT_MS. Here every function shares
 * one process and one DynamoDB Local: the tests allow 120 s, since 60 project creations let go at
 * once after a frozen database took more than 30 s on a busy 2-core machine, which says nothing
 * of a Lambda's.
 */
export const functionTimeoutMs = (env: NodeJS.ProcessEnv = process.env): number => millisecondsFromEnv('LOCAL_FUNCTION_TIMEOUT_MS', 30_000, env);

/** Invokes a handler module (the route manifest's URL), named as its Lambda is: `item-update`. */
export async function invoke<Result>(handler: URL, event: unknown): Promise<Result> {
  const fn = await load(handler);
  const name = handlerName(handler);
  const started = Date.now();
  const timeoutMs = functionTimeoutMs();
  const context: Context = {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
  const store = await invokeStore;
  const logger = await (appLogger ??= import('../../../functions/logger').then((module) => module.logger));
  return (await store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context.awsRequestId }, () => {
    // Every function's lines name it, also those that do not inject the context themselves (the notifier, the WebSocket routes).
    logger.addContext(context);
    return fn(event, context);
  })) as Result;
}
