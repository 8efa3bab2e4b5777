import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../paths';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import { handlerName } from '../../functions/routes';
import { lambdaBundling } from './lambda-bundling';
import { lambdaPlatformInstall, nativePackagesOf } from './native-modules';

export const lambdaRuntime = Runtime.NODEJS_24_X;

export interface HandlerFunctionProps {
  /** The handler module, as the route manifest names it. */
  readonly handler: URL;
  /** Shown in the console and used by the tests to find our functions, e.g. `route: GET /api/health`. */
  readonly description: string;
  readonly environment: Readonly<Record<string, string>>;
  /** Share one role between functions that need the same grants (fewer IAM resources). */
  readonly role?: IRole;
  readonly timeout?: Duration;
  readonly memorySize?: number;
  /** Concurrency set aside for (and capping) this function. */
  readonly reservedConcurrentExecutions?: number;
}

/**
 * One Lambda for one handler module of `functions/handlers/`, bundled locally with esbuild as
 * ESM for Node 22 on arm64. Never falls back to Docker: if bundling is required for the stack and
 * esbuild cannot be resolved, or the handler module does not exist, synth fails with a clear
 * message.
 */
export class HandlerFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    const entry = fileURLToPath(props.handler);
    if (!existsSync(entry)) {
      throw new Error(
        `${scope.node.path}/${id}: handler module for '${handlerName(props.handler)}' not found at ${relative(repoRoot, entry)}`,
      );
    }
    if (Stack.of(scope).bundlingRequired) assertLocalEsbuild(scope);

    const native = nativePackagesOf(entry);
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    super(scope, id, {
      description: props.description,
      runtime: lambdaRuntime,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(29),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      role: props.role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      environment: props.environment,
      entry,
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      bundling: {
        forceDockerBundling: false,
        format: lambdaBundling.format as OutputFormat,
        mainFields: [...lambdaBundling.mainFields],
        target: lambdaBundling.target,
        minify: lambdaBundling.minify,
        sourceMap: lambdaBundling.sourcemap,
        sourcesContent: lambdaBundling.sourcesContent,
        banner: lambdaBundling.banner,
        define: lambdaBundling.define,
        // Bundle the AWS SDK too: the versions pinned in package.json, not the runtime's.
        externalModules: [],
        // Native packages (sharp, issue 30) are installed beside the bundle, for Lambda's platform.
        ...(native.length ? { nodeModules: native, environment: { ...lambdaPlatformInstall } } : {}),
        logLevel: LogLevel.WARNING,
      },
    });
  }
}

function assertLocalEsbuild(scope: Construct): void {
  try {
    createRequire(import.meta.url).resolve('esbuild');
  } catch {
    // Without a local esbuild, NodejsFunction would silently try to bundle in Docker.
    throw new Error(`${scope.node.path}: esbuild is not installed locally (run npm ci); refusing Docker bundling`);
  }
}

/** A route table's entries by handler module, in manifest order: one Lambda serves each group. */
export function byHandler<R extends { readonly handler: URL }>(routes: Record<string, R>): Array<[URL, [string, R][]]> {
  const groups = new Map<string, [URL, [string, R][]]>();
  for (const entry of Object.entries(routes)) {
    const { href } = entry[1].handler;
    groups.set(href, [entry[1].handler, [...(groups.get(href)?.[1] ?? []), entry]]);
  }
  return [...groups.values()];
}
