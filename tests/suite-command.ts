import { spawn, type ChildProcess } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { repoRoot } from '../infra/paths';

/**
 * `npm test`: the type check and the import rules run beside the web build and the suite, not
 * before them (none needs another's output; one after the other they held the suite back by half
 * a minute or more). Each prints as it goes; the first to fail stops the others and gives the exit
 * code. Arguments go to vitest: `npm test -- tests/integration/chat.int.spec.ts`.
 */

// The project's own tools, as under npm run, also when run as `node --import tsx tests/suite-command.ts`.
const env = { ...process.env, PATH: [join(repoRoot, 'node_modules/.bin'), process.env.PATH].join(delimiter) };
const running = new Set<ChildProcess>();
let stopping = false;

/**
 * Each step runs in a process group of its own and is stopped as a group: vitest does not stop its
 * local cloud on a signal, so DynamoDB Local (its child) would be left running.
 */
function stopAll(): void {
  stopping = true;
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}
// Ctrl-C reaches only this process (the steps have groups of their own): it stops them.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stopAll);

function run(command: string, args: readonly string[]): Promise<number> {
  if (stopping) return Promise.resolve(1);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', detached: true, env, cwd: repoRoot });
    running.add(child);
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const steps = [
  run('tsc', ['--noEmit']),
  run('node', ['scripts/check-imports.mjs']),
  run('vite', ['build', '--logLevel', 'warn']).then((code) => (code === 0 ? run('vitest', ['run', ...process.argv.slice(2)]) : code)),
];

const failed = await new Promise<number>((resolve) => {
  let left = steps.length;
  for (const step of steps) {
    void step.then((code) => {
      if (code !== 0) resolve(code);
      else if (--left === 0) resolve(0);
    });
  }
});
if (failed !== 0) {
  stopAll();
  await Promise.all(steps);
}
process.exitCode = failed;
