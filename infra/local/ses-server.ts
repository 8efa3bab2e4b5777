import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { stopChild } from './dynamodb-local';

/**
 * The SES emulator (aws-ses-v2-local): accepts SES v1 and v2 sends and keeps the mail, readable at
 * GET /store and viewable in a browser at its root. It runs in a process of its own, as the other
 * emulators do, so that a test can freeze the mail service alone (SIGSTOP its pid) and see what
 * the app does while its mail goes unanswered.
 */

const entry = createRequire(import.meta.url).resolve('aws-ses-v2-local');

export async function startSes(options: { port: number }) {
  // Exits when its stdin closes, so it never outlives the local cloud that started it.
  const script = `
    const start = require(${JSON.stringify(entry)}).default;
    start({ host: '127.0.0.1', port: ${options.port} }).then(
      () => process.stdout.write('ready\\n'),
      (error) => { console.error(error); process.exit(1); },
    );
    process.stdin.on('end', () => process.exit(0)).resume();
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('ready\n')) resolve();
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`The SES emulator exited (${code}):\n${output}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    pid: child.pid,
    stop: () => stopChild(child),
  };
}
