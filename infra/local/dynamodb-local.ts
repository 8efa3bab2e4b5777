import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { cacheDir } from './paths';

/**
 * DynamoDB Local, AWS's own emulator. Its jar ships inside the npm package
 * amplify-dynamodb-simulator; we fetch only that package's tarball with `npm pack` (not its ~280
 * dependencies) and keep the `emulator/` folder in a cache outside the repo.
 */

const run = promisify(execFile);
const PACKAGE = 'amplify-dynamodb-simulator@2.9.30';
const emulatorDir = join(cacheDir, 'dynamodb-local-2.9.30');

export async function ensureDynamoDbLocal(log: (line: string) => void = () => {}): Promise<string> {
  if (existsSync(join(emulatorDir, 'DynamoDBLocal.jar'))) return emulatorDir;
  log(`Fetching DynamoDB Local (${PACKAGE}, ~56 MB) into ${emulatorDir} …`);
  const work = `${emulatorDir}.download-${process.pid}`;
  mkdirSync(work, { recursive: true });
  try {
    const { stdout } = await run('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], { cwd: work });
    const tarball = join(work, stdout.trim().split('\n').at(-1)!);
    await run('tar', ['-xzf', tarball, '-C', work, 'package/emulator']);
    renameSync(join(work, 'package/emulator'), emulatorDir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return emulatorDir;
}

/** An origin no browser page has (.invalid never resolves): DynamoDB Local's CORS allow-list of none. */
export const NO_BROWSER_ORIGIN = 'https://no-browser-access.invalid';

export interface RunningDynamoDb {
  readonly endpoint: string;
  /** The JVM's process id (tests freeze it with SIGSTOP to stall the database). */
  readonly pid?: number;
  stop(): Promise<void>;
}

export async function startDynamoDbLocal(options: { port: number; dataDir?: string }): Promise<RunningDynamoDb> {
  const dir = await ensureDynamoDbLocal(console.log);
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawn(
    'java',
    [
      // Client JIT only: starts and runs faster on small machines.
      '-XX:TieredStopAtLevel=1',
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      '-jar', join(dir, 'DynamoDBLocal.jar'),
      '-sharedDb', '-disableTelemetry', '-port', String(options.port), ...storage,
      // It has no option to listen on one address (it takes all of them), and allows any web
      // page's cross-origin requests by default: allow none (the app is no browser).
      '-cors', NO_BROWSER_ORIGIN,
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const endpoint = `http://127.0.0.1:${options.port}`;
  await waitUntilReady(endpoint, child, () => output);
  return { endpoint, pid: child.pid, stop: () => stopChild(child) };
}

async function waitUntilReady(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const deadline = Date.now() + 60_000;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}):\n${output()}`);
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    throw new Error(`DynamoDB Local did not answer within 60 s:\n${output()}`);
  } finally {
    client.destroy();
  }
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    // A process a test left frozen (SIGSTOP) acts on SIGTERM only once it runs again.
    child.kill('SIGCONT');
    child.kill('SIGTERM');
  });
}
