import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { ListEmailTemplatesCommand } from '@aws-sdk/client-sesv2';
import { GetConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { dynamo } from './dynamo';
import { s3 } from './s3';
import { ses } from './ses';
import { websocketManagement } from './websocket-management';
import { config, envNames, millisecondsFromEnv } from '../config';

/**
 * Is every service the app depends on reachable from here? Each is probed with a cheap read-only
 * call, at the same time, each with its own time limit.
 */

/**
 * How long a probe waits before it calls its service down: 2 s, or HEALTH_PROBE_TIMEOUT_MS. The
 * tests set 30 s: there the emulators share two cores with four test files and browsers, and a
 * probe that took 2.1 s failed CI for a service that was up.
 */
export const probeTimeoutMs = (env: NodeJS.ProcessEnv = process.env): number => millisecondsFromEnv('HEALTH_PROBE_TIMEOUT_MS', 2000, env);

export interface ServiceHealth {
  readonly status: 'up' | 'down';
  readonly latencyMs: number;
  readonly error?: string;
}

/** Runs one probe: down when it fails or has not answered within `timeoutMs`. */
export async function probe(run: (signal: AbortSignal) => Promise<unknown>, timeoutMs = probeTimeoutMs()): Promise<ServiceHealth> {
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  try {
    await run(AbortSignal.timeout(timeoutMs));
    return { status: 'up', latencyMs: latencyMs() };
  } catch (error) {
    return { status: 'down', latencyMs: latencyMs(), error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** Each service by name, with how it answered: for the log only (errors name endpoints, tables, buckets). */
export async function probeServices(): Promise<Record<string, ServiceHealth>> {
  const { eventsTable, stateTable, uploadsBucket } = config();
  const checks = {
    dynamodb: probe(async (abortSignal) => {
      for (const TableName of [eventsTable, stateTable]) {
        await dynamo().send(new DescribeTableCommand({ TableName }), { abortSignal });
      }
    }),
    s3: probe((abortSignal) => s3().send(new HeadBucketCommand({ Bucket: uploadsBucket }), { abortSignal })),
    ses: probe((abortSignal) => ses().send(new ListEmailTemplatesCommand({ PageSize: 1 }), { abortSignal })),
    // The management API answers GoneException for a connection that does not exist: it is up.
    websocket: probe(async (abortSignal) => {
      const client = websocketManagement();
      if (!client) throw new Error(`${envNames.wsManagementEndpoint} is not set`);
      await client.send(new GetConnectionCommand({ ConnectionId: 'healthCheckXXXX=' }), { abortSignal }).catch((error: unknown) => {
        if (!(error instanceof GoneException)) throw error;
      });
    }),
  };
  return Object.fromEntries(await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await check] as const)));
}
