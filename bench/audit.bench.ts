/**
 * `npm run bench:audit`: what an auditor's reads cost through the real handlers on the local
 * cloud — the history of an item with 1,000 events, and the audit export of a project with
 * 10,000 events (signed checkpoint included) — in time, DynamoDB round trips and read capacity
 * (as DynamoDB Local reports it), and the export's size; the Audit page's read of that project
 * (all of it, and one item). Also the offline verifier on that export.
 *
 * Seeds through the API (a project with the template's rooms and items), then appends flag events
 * straight into the items' streams, as bench:rebuild does. Prints; asserts nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { seedFlagEvents } from './seed-events';
import { tallyDynamo } from './dynamo-tally';
import { median } from './median';
import { registered, templateProject } from './signed-in-api';

const ITEM_EVENTS = Number(process.env.BENCH_ITEM_EVENTS ?? 1000);
const PROJECT_EVENTS = Number(process.env.BENCH_PROJECT_EVENTS ?? 10_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);

const repoRoot = join(import.meta.dirname, '..');
const cloud = await startLocalCloud({ port: 0, notifier: false });
// After the cloud has set the environment the store reads.
const { eventStore } = await import('../functions/commands/event-store');
const { dynamo } = await import('../functions/adapters/dynamo');
const store = eventStore();

// Round trips per DynamoDB operation and read capacity, counted on the handlers' own client.
const tally = tallyDynamo(dynamo(), 'benchTally');

const workDir = mkdtempSync(join(tmpdir(), 'bench-audit-'));

try {
  const { api } = await registered(cloud, 'contractor');

  process.stdout.write(`Seeding an item with ${ITEM_EVENTS} events and a project with ${PROJECT_EVENTS} events …`);
  const small = await templateProject(api, 'Audit one item');
  await seedFlagEvents(store, small.project.id, small.items.slice(0, 1), ITEM_EVENTS - 1);
  const big = await templateProject(api, 'Audit big project');
  const seeded = await store.readRawProjectEvents(big.project.id, { streamsOnly: true });
  await seedFlagEvents(store, big.project.id, big.items, PROJECT_EVENTS - seeded.length);
  console.log(' done.');

  async function measure(label: string, path: string) {
    const times: number[] = [];
    let bytes = 0;
    let rawBytes = 0;
    let body = '';
    tally.reset();
    for (let i = 0; i < REPEAT; i++) {
      const started = performance.now();
      // As a browser asks: gzip accepted (fetch unpacks it; the local gateway sends no length, so
      // the wire size is the body gzipped again as the handler does).
      const response = await fetch(`${cloud.url}${path}`, { headers: { cookie: api.cookie, 'accept-encoding': 'gzip' } });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
      body = await response.text();
      times.push(performance.now() - started);
      bytes = response.headers.get('content-encoding') === 'gzip' ? gzipSync(body).length : Buffer.byteLength(body);
      rawBytes = Buffer.byteLength(body);
    }
    const perCall = tally.perCall(REPEAT, 1);
    return { row: { measure: label, 'median ms': median(times).toFixed(0), 'DynamoDB calls per request': perCall, 'read units per request': tally.readUnitsPer(REPEAT, 1), 'answer KB (on the wire)': `${Math.round(rawBytes / 1024)} (${Math.round(bytes / 1024)})` }, body };
  }

  const history = await measure(`GET item history (${ITEM_EVENTS} events)`, `/api/checklist-items/${small.items[0]!.id}/history`);
  const exported = await measure(`GET audit-export (${PROJECT_EVENTS} events)`, `/api/projects/${big.project.id}/audit-export`);
  // The Audit page's read: the same events, verified and folded, one page of 100 answered.
  const page = await measure(`GET audit page, first 100 (${PROJECT_EVENTS} events)`, `/api/projects/${big.project.id}/audit`);
  const filtered = await measure(`GET audit page, one item (${PROJECT_EVENTS} events)`, `/api/projects/${big.project.id}/audit?item=${big.items[0]!.id}`);
  const document = JSON.parse(exported.body) as { streams: { events: unknown[] }[] };
  const file = join(workDir, 'export.json');
  writeFileSync(file, exported.body);
  const started = performance.now();
  // Not spawnSync: the verifier fetches the keys from the gateway, which runs in this process.
  const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', file, '--jwks', `${cloud.url}/api/audit/keys`], { cwd: repoRoot, env: process.env, maxBuffer: 64 * 1024 * 1024 })
    .then(({ stdout }) => ({ status: 0, stdout }))
    .catch((error: { code: number; stdout: string }) => ({ status: error.code, stdout: error.stdout }));
  const verifySeconds = (performance.now() - started) / 1000;

  console.log(`Audit — ${new Date().toISOString()} — node ${process.version} — DynamoDB Local via the local gateway, ${REPEAT} calls per row, not AWS latency`);
  console.table([history.row, exported.row, page.row, filtered.row]);
  console.log(`export: ${document.streams.length} streams, ${document.streams.reduce((sum, stream) => sum + stream.events.length, 0)} events; each export also records a checkpoint (1 PutItem) and carries the earlier ones`);
  console.log(`audit:verify on that export (fresh process, wall clock): ${verifySeconds.toFixed(2)} s, exit ${run.status}: ${run.stdout.trim().split('\n').at(-1)}`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
  await cloud.stop();
}
process.exit(0);
