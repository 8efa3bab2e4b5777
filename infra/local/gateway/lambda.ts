import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { handlerModulePath } from '../../../functions/routes';
import { repoRoot } from '../../paths';

/**
 * Runs a handler module the way Lambda would: imported once ("cold start"), then invoked with an
 * event and a context. In-process, so a breakpoint in a handler just works.
 */

type AnyHandler = (event: unknown, context: Context) => Promise<unknown>;

const modules = new Map<string, Promise<AnyHandler>>();

function load(handler: string): Promise<AnyHandler> {
  let loaded = modules.get(handler);
  if (!loaded) {
    const url = pathToFileURL(join(repoRoot, handlerModulePath(handler))).href;
    loaded = import(url).then((module: { handler?: AnyHandler }) => {
      if (typeof module.handler !== 'function') throw new Error(`${handlerModulePath(handler)} exports no handler`);
      return module.handler;
    });
    modules.set(handler, loaded);
  }
  return loaded;
}

const TIMEOUT_MS = 30_000;

export async function invoke<Result>(handler: string, event: unknown): Promise<Result> {
  const fn = await load(handler);
  const started = Date.now();
  const context: Context = {
    callbackWaitsForEmptyEventLoop: false,
    functionName: handler,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${handler}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${handler}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, TIMEOUT_MS - (Date.now() - started)),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
  return (await fn(event, context)) as Result;
}
