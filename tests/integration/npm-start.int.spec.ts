import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localEnvironmentFile, repoRoot } from '../../infra/paths';

/**
 * `npm start` as the README gives it to try an empty database aside (`CC_DATA_DIR=… npm start`),
 * in a process of its own: it comes up, seeds, serves, and on SIGTERM stops every emulator it
 * started. It once crashed after seeding on a fresh clone (it wrote .local/cloud-env.json without
 * making .local/) and left DynamoDB Local running.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'cc-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const developerShell = () =>
  Object.fromEntries(['PATH', 'HOME', 'JAVA_HOME', 'XDG_CACHE_HOME', 'CC_CACHE_DIR', 'CHROMIUM_PATH', 'TMPDIR'].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('npm start with CC_DATA_DIR', () => {
  // Not beside a running `npm start` of this checkout: this one would replace, then remove, its .local/cloud-env.json.
  it.skipIf(existsSync(localEnvironmentFile))('starts on an empty data folder, serves the seeded app, and stops every emulator on SIGTERM', async () => {
    const app = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
      cwd: repoRoot,
      // A developer's shell, not this suite's: the suite's endpoints (AWS_ENDPOINT_URL_*) would make it use the suite's emulators.
      env: { ...developerShell(), CC_DATA_DIR: dataDir, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    app.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    app.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => app.once('exit', resolve));

    const ready = await Promise.race([
      new Promise<boolean>((resolve) => {
        const poll = setInterval(() => /Press Ctrl-C to stop/.test(out) && (clearInterval(poll), resolve(true)), 100);
        void exited.then(() => (clearInterval(poll), resolve(false)));
      }),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 90_000)),
    ]);
    expect(ready, out).toBe(true);
    const url = /is running at (http:\/\/\S+)/.exec(out)![1]!;
    const dynamoPort = Number(/DynamoDB\s+http:\/\/[^:]+:(\d+)/.exec(out)![1]);
    expect(out).toContain('Sample project (Maple Street Kitchen & Bath, just made)');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(await accepts(dynamoPort)).toBe(true);

    app.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await accepts(dynamoPort), 'DynamoDB Local was left running').toBe(false);
  }, 150_000);
});
