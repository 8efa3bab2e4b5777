import { dirname, join } from 'node:path';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { startLocalCloud } from './cloud';
import { localEnvironmentFile, webDistDir } from '../paths';
import { dataDir } from './paths';
import { sampleProject } from './sample-project';
import { demoAccounts, demoPassword, seedDemoData } from './seed';

/**
 * `npm start`: the whole app on this machine. Data survives restarts in .local/ (delete the
 * folder to start afresh). PORT chooses the port (default 3000), HOST the address the app
 * listens on (default 127.0.0.1: this machine only; HOST=0.0.0.0 opens it to the network).
 * Ctrl-C stops everything.
 */

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;
const started = performance.now();
const log = (line: string) => console.log(line);

const cloud = await startLocalCloud({
  port,
  host,
  dataDir: join(dataDir, 'cloud'),
  webDir: webDistDir,
  log,
}).catch((error: Error) => {
  console.error(`Could not start the local cloud: ${error.message}`);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') console.error(`Port ${port} is taken: try PORT=3001 npm start`);
  process.exit(1);
});

// From here on the emulators run: any failure stops them all before exiting, never leaves one behind.
const sample = await (async () => {
  log('Seeding the demo accounts and the sample project …');
  const seeded = await seedDemoData(cloud.url).catch((error: Error) => {
    console.error(`Could not seed the demo data: ${error.message}`);
    return undefined;
  });
  // For the command-line tools (npm run audit, events:verify, views:rebuild): see scripts/local-environment.ts.
  // Its folder is .local/ even when CC_DATA_DIR keeps the data elsewhere, so it may not exist yet.
  mkdirSync(dirname(localEnvironmentFile), { recursive: true });
  writeFileSync(localEnvironmentFile, JSON.stringify(cloud.env, null, 2));
  return seeded?.sampleProject;
})().catch(async (error: Error) => {
  console.error(`Could not start: ${error.message}`);
  await cloud.stop();
  process.exit(1);
});

console.log(`
Construction Checklist is running at ${cloud.url}   (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)

  Health        ${cloud.url}/api/health
  DynamoDB      ${cloud.endpoints.dynamodb}   (data in ${dataDir})
  S3            ${cloud.endpoints.s3}
  SES mail      ${cloud.endpoints.ses}   (captured mail: open it in a browser, or GET /store)

  Demo logins (password ${demoPassword}):
${demoAccounts.map((account) => `    ${account.role.padEnd(11)} ${account.email}`).join('\n')}
${sample ? `\n  Sample project (${sampleProject.name}${sample.made ? ', just made' : ''}):\n    contractor  ${cloud.url}/project/${sample.id}\n    client      ${cloud.url}/client-project/${sample.id}\n` : ''}
  Request logs print one line each; LOG_FORMAT=json npm start prints them as in AWS.

Press Ctrl-C to stop.`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping …');
  rmSync(localEnvironmentFile, { force: true });
  cloud.stop().then(() => process.exit(0));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
// `npm start` runs us under `sh -c`, which does not pass npm's SIGTERM on: when our parent goes
// away, that is our signal too, or DynamoDB Local and the ports would be left behind.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop(), 500).unref();
