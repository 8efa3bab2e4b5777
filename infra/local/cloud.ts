import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { envNames } from '../../functions/config';
import { eventsTable, keysTable, stateTable } from '../../functions/tables';
import { localAuditKey, localOperatorKey, localWrappingKey } from './local-keys';
import { startDynamoDbLocal } from './dynamodb-local';
import { startGateway } from './gateway/server';
import { startStreamPoller } from './gateway/stream-poller';
import { ensureBucket, ensureUploadsBucket, startS3 } from './s3-server';
import { startSes } from './ses-server';
import { ensureTable } from './tables';

/**
 * The embedded local cloud: DynamoDB Local, s3rver, the SES emulator and the local API Gateway,
 * wired together through the same environment variables the Lambdas get in AWS. Emulators take
 * free ports, so several instances (the app and a test run) live side by side.
 */

// The SDK warns on every client that Node 20 support ends in 2027; said once in the README instead.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface LocalCloudOptions {
  /** Port of the gateway (0: any free port). */
  readonly port: number;
  /** Address the gateway listens on (default 127.0.0.1; s3rver and the SES emulator stay on loopback). */
  readonly host?: string;
  /** Keep data in this folder between runs; in memory (and a temporary folder) when absent. */
  readonly dataDir?: string;
  /** Built web app to serve. */
  readonly webDir?: string;
  readonly log?: (line: string) => void;
  /** Run the browser notifier on the events stream (default true; a bench counting a request's own round trips turns it off). */
  readonly notifier?: boolean;
}

export interface LocalCloud {
  readonly url: string;
  readonly endpoints: { readonly dynamodb: string; readonly s3: string; readonly ses: string };
  /** Process ids of the emulators started as processes (not of given endpoints): tests freeze them. */
  readonly pids: { readonly dynamodb?: number; readonly ses?: number };
  /** The environment the handlers run with; tests and tools reuse it. */
  readonly env: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

export const localNames = {
  eventsTable: 'cc-events',
  stateTable: 'cc-state',
  keysTable: 'cc-keys',
  uploadsBucket: 'cc-uploads',
  archiveBucket: 'cc-archive',
} as const;

/**
 * Endpoints already in the environment (`AWS_ENDPOINT_URL_<SERVICE>`, or `AWS_ENDPOINT_URL` for
 * all, as for LocalStack) are used as they are; only the missing emulators are started.
 */
function givenEndpoints() {
  const given = (service: string) => process.env[`AWS_ENDPOINT_URL_${service}`] || process.env.AWS_ENDPOINT_URL || undefined;
  return { dynamodb: given('DYNAMODB'), s3: given('S3'), ses: given('SESV2') };
}

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const log = options.log ?? (() => {});
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error) => console.error('[local cloud] stop:', error));
  };
  try {
    const scratch = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'cc-local-'));
    if (scratch) stops.push(async () => rmSync(scratch, { recursive: true, force: true }));
    const dataDir = options.dataDir ?? scratch!;
    mkdirSync(dataDir, { recursive: true });

    const given = givenEndpoints();
    const [dynamoPort, s3Port, sesPort] = await Promise.all([getPort(), getPort(), getPort()]);
    const missing = Object.entries(given).filter(([, endpoint]) => !endpoint).map(([service]) => service);
    if (missing.length) log(`Starting emulators: ${missing.join(', ')} …`);
    const external = (endpoint: string) => Promise.resolve({ endpoint, pid: undefined, stop: async () => {} });
    const [dynamodb, s3, ses] = await Promise.all([
      given.dynamodb
        ? external(given.dynamodb)
        : startDynamoDbLocal({ port: dynamoPort, dataDir: options.dataDir ? join(dataDir, 'dynamodb') : undefined }),
      given.s3 ? external(given.s3) : startS3({ port: s3Port, directory: join(dataDir, 's3') }),
      given.ses ? external(given.ses) : startSes({ port: sesPort }),
    ]);
    stops.push(dynamodb.stop, s3.stop, ses.stop);

    const env: Record<string, string> = {
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      // s3rver knows only this key pair; the other emulators (and LocalStack) accept any.
      ...(given.s3
        ? { AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'test', AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'test' }
        : { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' }),
      AWS_ENDPOINT_URL_DYNAMODB: dynamodb.endpoint,
      AWS_ENDPOINT_URL_DYNAMODB_STREAMS: dynamodb.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      [envNames.eventsTable]: localNames.eventsTable,
      [envNames.stateTable]: localNames.stateTable,
      [envNames.keysTable]: localNames.keysTable,
      [envNames.uploadsBucket]: localNames.uploadsBucket,
      [envNames.archiveBucket]: localNames.archiveBucket,
      [envNames.mode]: 'local',
      // Metrics are for CloudWatch (embedded in the logs): locally they would flood the console.
      POWERTOOLS_METRICS_DISABLED: 'true',
      [envNames.s3Compatible]: 'true',
      [envNames.auditSigningKey]: await localAuditKey(dataDir),
      [envNames.personKeysWrappingKey]: localWrappingKey(dataDir),
      // The operator API's key (issue 31): the gateway checks it, `npm run tenant` sends it.
      LOCAL_OPERATOR_KEY: localOperatorKey(dataDir),
    };
    Object.assign(process.env, env);

    const client = new DynamoDBClient({});
    await ensureTable(client, localNames.eventsTable, eventsTable);
    await ensureTable(client, localNames.stateTable, stateTable);
    await ensureTable(client, localNames.keysTable, keysTable);
    client.destroy();
    await ensureUploadsBucket(localNames.uploadsBucket);
    await ensureBucket(localNames.archiveBucket);

    const gateway = await startGateway({
      port: options.port,
      host: options.host,
      webDir: options.webDir,
      objectsOrigin: `${s3.endpoint}/${localNames.uploadsBucket}`,
    });
    stops.push(gateway.stop);
    // Handlers post to WebSockets through this address, as through API Gateway's in AWS.
    // (Loopback when the gateway listens there or everywhere; otherwise the one address it has.)
    const managementHost = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(gateway.host) ? '127.0.0.1' : gateway.host.includes(':') ? `[${gateway.host}]` : gateway.host;
    env[envNames.wsManagementEndpoint] = `http://${managementHost}:${gateway.port}`;
    // Links in e-mails (password reset) open the app here.
    env[envNames.appUrl] = gateway.url;
    Object.assign(process.env, env);

    if (options.notifier !== false) {
      const poller = startStreamPoller(localNames.eventsTable);
      stops.push(poller.stop);
    }

    return {
      url: gateway.url,
      endpoints: { dynamodb: dynamodb.endpoint, s3: s3.endpoint, ses: ses.endpoint },
      pids: { dynamodb: dynamodb.pid, ses: ses.pid },
      env,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
