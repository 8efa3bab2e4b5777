import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

/**
 * A local cloud of a test file's own, beside the one the integration suite shares
 * (tests/support/global-setup.ts): its own DynamoDB Local (so its own tables, generations and
 * projects) and its own gateway, in a child process (two clouds in one process would talk over
 * each other through process.env). The suite's mail and file emulators are reused: mail.ts reads
 * the mail this cloud sends where it reads the suite's.
 *
 * For a file whose work must not be seen by the others, or see theirs: a shadow rebuild of the
 * views switches the whole table's generation and replays every project in it.
 */

export interface PrivateCloud {
  /** The gateway's address: for ApiClient / signedUp's `baseUrl`. */
  readonly url: string;
  /** The environment its handlers run with: for runScript, and for this process's own reads (usePrivateCloudEnv). */
  readonly env: Readonly<Record<string, string>>;
  readonly endpoints: { readonly dynamodb: string; readonly s3: string; readonly ses: string };
  stop(): Promise<void>;
}

const processScript = fileURLToPath(new URL('./private-cloud-process.ts', import.meta.url));
/** Starting a JVM on a busy machine: DynamoDB Local alone may take half a minute. */
const START_TIMEOUT_MS = 110_000;

export async function startPrivateCloud(): Promise<PrivateCloud> {
  // The suite's endpoints for mail and files stay; its database is not this cloud's.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL_DYNAMODB_STREAMS']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', processScript], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = await new Promise<Omit<PrivateCloud, 'stop'>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The private cloud did not start in ${START_TIMEOUT_MS} ms:\n${output}${errors}`)), START_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line === undefined || !output.includes('\n', output.indexOf(line))) return;
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The private cloud exited (${code}):\n${output}${errors}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGTERM');
    await exited;
    throw error;
  });
  return {
    ...started,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * Points this process's own reads and writes of the tables (functions/config reads process.env on
 * every call) at the private cloud until the returned function restores the suite's environment.
 * The file must not have touched the tables before: the DynamoDB client (functions/adapters/dynamo)
 * keeps the endpoint it was created with, and view-generation.ts its copy of the pointer.
 */
export function usePrivateCloudEnv(cloud: PrivateCloud): () => void {
  const saved = Object.fromEntries(Object.keys(cloud.env).map((name) => [name, process.env[name]] as const));
  Object.assign(process.env, cloud.env);
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/**
 * A local cloud of the calling test file's own, from before its first test to after its last, with
 * this process's environment pointed at it meanwhile: for files whose sweeps or whole-table scans
 * must not meet other files' data (or remove it). Returns the cloud, for the tests to call.
 */
export function usePrivateCloudForFile(): () => PrivateCloud {
  let cloud: PrivateCloud | undefined;
  let restoreEnv: (() => void) | undefined;
  beforeAll(async () => {
    cloud = await startPrivateCloud();
    restoreEnv = usePrivateCloudEnv(cloud);
  });
  afterAll(async () => {
    restoreEnv?.();
    await cloud?.stop();
  });
  return () => {
    if (!cloud) throw new Error('The private cloud did not start');
    return cloud;
  };
}
