/**
 * `npm run bench:fairness`: does one tenant hammering the API slow another tenant down? Tenant A
 * (on the starter plan: 600 requests a minute per route group) sends its checklist read at 20×
 * its limit (200 a second, open loop from a worker thread: a request every 5 ms whatever the
 * answers), while tenant B reads its own checklist ten times a second (within its own limit). B's p50 / p95
 * unloaded and loaded are measured in alternating rounds (so the machine's other work falls on
 * both alike). In each loaded round A first spends what its bucket holds (the burst: a minute's
 * worth at first, what refilled since later), printed apart; B is measured from A's first 429 on,
 * while A gets the refill (10 a second) and the rest are refused. Goal: B's loaded p95 within
 * 1.2× of its unloaded p95. Usage is gathered as in AWS (USAGE_FLUSH_MS=10000), not written per
 * request as the local cloud otherwise does. One Node process serves every tenant here (Lambda
 * gives each concurrent request an instance of its own) and DynamoDB Local shares the machine's
 * cores: the figure is an upper bound on the interference. Prints; asserts nothing.
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
process.env.USAGE_FLUSH_MS ??= '10000';
import { Worker } from 'node:worker_threads';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { plans } from '../events/tenants/plans';
import { dynamo } from '../functions/adapters/dynamo';
import { config } from '../functions/config';
import { stateKeys } from '../functions/store/keys';
import { startLocalCloud } from '../infra/local/cloud';
import { registered, type signedInApi } from './signed-in-api';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 8);
const OVER_LIMIT = Number(process.env.BENCH_OVER_LIMIT ?? 20);
const MAX_IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 64);
const GOAL = 1.2;

const cloud = await startLocalCloud({ port: 0, notifier: false });
type Api = ReturnType<typeof signedInApi>;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function tenantWithProject(name: string) {
  const contractor = await registered(cloud, 'contractor');
  const project: { id: string } = await (await contractor.api('POST', '/api/projects', { name, address: '1 Bench Road', clientName: 'Client' })).json();
  return { ...contractor, path: `/api/projects/${project.id}/checklist` };
}

/** B's pace: a busy person's page, well inside B's own limit (its plan's 1,200 a minute), so B is never refused itself. */
const QUIET_PER_SECOND = Number(process.env.BENCH_QUIET_PER_SECOND ?? 10);

/** B's reads, one after another at QUIET_PER_SECOND, for `seconds`: their times in ms. */
async function quietReads(api: Api, path: string, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    await (await api('GET', path)).arrayBuffer();
    const took = performance.now() - started;
    times.push(took);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / QUIET_PER_SECOND - took)));
  }
  return times;
}

/**
 * A's open loop in a worker thread of its own (its client's work would otherwise share the
 * gateway's event loop, which no Lambda does): `perSecond` requests a second, at most
 * MAX_IN_FLIGHT open, whatever their answers. `firstRefusal` resolves at A's first 429 (its
 * burst spent); `stop` answers the counts.
 */
const hammerScript = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, cookie, perSecond, maxInFlight } = workerData;
const counts = { sent: 0, ok: 0, refused: 0, other: 0 };
const interval = 1000 / perSecond;
const started = performance.now();
let inFlight = 0;
let stopped = false;
let refusedOnce = false;
function tick() {
  if (stopped) return;
  const due = Math.floor((performance.now() - started) / interval) - counts.sent;
  for (let i = 0; i < due && inFlight < maxInFlight; i++) {
    counts.sent++;
    inFlight++;
    fetch(url, { headers: { cookie } })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 200) counts.ok++;
        else if (response.status === 429) {
          counts.refused++;
          if (!refusedOnce) { refusedOnce = true; parentPort.postMessage({ firstRefusal: (performance.now() - started) / 1000, ok: counts.ok }); }
        } else counts.other++;
      })
      .catch(() => { counts.other++; })
      .finally(() => { inFlight--; if (stopped && inFlight === 0) done(); });
  }
  setTimeout(tick, interval);
}
function done() { parentPort.postMessage({ counts, seconds: (performance.now() - started) / 1000 }); }
parentPort.on('message', () => { stopped = true; if (inFlight === 0) done(); });
tick();
`;

function hammer(cookie: string, path: string, perSecond: number) {
  const worker = new Worker(hammerScript, { eval: true, workerData: { url: `${cloud.url}${path}`, cookie, perSecond, maxInFlight: MAX_IN_FLIGHT } });
  let firstRefusal!: (value: { firstRefusal: number; ok: number }) => void;
  let finished!: (value: { counts: { sent: number; ok: number; refused: number; other: number }; seconds: number }) => void;
  const refused = new Promise<{ firstRefusal: number; ok: number }>((resolve) => (firstRefusal = resolve));
  const result = new Promise<{ counts: { sent: number; ok: number; refused: number; other: number }; seconds: number }>((resolve) => (finished = resolve));
  worker.on('message', (message) => ('counts' in message ? finished(message) : firstRefusal(message)));
  return {
    firstRefusal: refused,
    async stop() {
      worker.postMessage('stop');
      const answer = await result;
      await worker.terminate();
      return answer;
    },
  };
}

try {
  const noisy = await tenantWithProject('Noisy');
  const quiet = await tenantWithProject('Quiet');
  await dynamo().send(
    new UpdateCommand({ TableName: config().stateTable, Key: stateKeys.tenant(noisy.user.id), UpdateExpression: 'SET #plan = :plan', ExpressionAttributeNames: { '#plan': 'plan' }, ExpressionAttributeValues: { ':plan': 'starter' } }),
  );
  const limit = plans.starter.requestsPerMinute;
  const perSecond = (OVER_LIMIT * limit) / 60;
  // Warm both paths (modules, clients, the quiet tenant's bucket) before measuring.
  await quietReads(quiet.api, quiet.path, 1);

  const unloaded: number[] = [];
  const atLimit: number[] = [];
  const loaded: number[] = [];
  const noisyTotals = { sent: 0, ok: 0, refused: 0, other: 0, seconds: 0 };
  const bursts: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    unloaded.push(...(await quietReads(quiet.api, quiet.path, ROUND_SECONDS)));
    // A at exactly its limit: all of it answered, the share the limiter lets through.
    const fair = hammer(noisy.api.cookie, noisy.path, limit / 60);
    atLimit.push(...(await quietReads(quiet.api, quiet.path, ROUND_SECONDS)));
    await fair.stop();
    const load = hammer(noisy.api.cookie, noisy.path, perSecond);
    // What the bucket held (a minute's worth at first, what refilled since later) is A's to spend first: measured apart.
    const burst = await load.firstRefusal;
    bursts.push(`${burst.ok} in ${burst.firstRefusal.toFixed(1)} s`);
    loaded.push(...(await quietReads(quiet.api, quiet.path, ROUND_SECONDS)));
    const { counts, seconds } = await load.stop();
    for (const key of ['sent', 'ok', 'refused', 'other'] as const) noisyTotals[key] += counts[key];
    noisyTotals.seconds += seconds;
  }
  for (const times of [unloaded, atLimit, loaded]) times.sort((a, b) => a - b);
  const ratio = percentile(loaded, 95) / percentile(unloaded, 95);
  const excess = percentile(loaded, 95) / percentile(atLimit, 95);
  const ms = (value: number) => value.toFixed(1);
  const row = (label: string, times: number[]) => ({ 'tenant B, its checklist': label, requests: times.length, 'p50 ms': ms(percentile(times, 50)), 'p95 ms': ms(percentile(times, 95)) });

  console.log(`Noisy neighbour — ${new Date().toISOString()} — node ${process.version} — local gateway, DynamoDB Local, ${ROUNDS} rounds of ${ROUND_SECONDS} s per row`);
  console.log(
    `Tenant A (starter, ${limit}/min) at ${OVER_LIMIT}×: sent ${noisyTotals.sent} checklist reads in ${noisyTotals.seconds.toFixed(1)} s (${(noisyTotals.sent / noisyTotals.seconds).toFixed(0)}/s): ` +
      `${noisyTotals.ok} answered, ${noisyTotals.refused} refused 429, ${noisyTotals.other} other. Its bucket's burst before the first 429, per round: ${bursts.join('; ')}.`,
  );
  console.table([row('unloaded', unloaded), row(`A at its limit (${limit / 60}/s)`, atLimit), row(`A at ${OVER_LIMIT}× its limit`, loaded)]);
  console.log(`p95 with A at ${OVER_LIMIT}× / unloaded: ${ratio.toFixed(2)}× — goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'met' : 'NOT met'}.`);
  console.log(`p95 with A at ${OVER_LIMIT}× / A at its limit: ${excess.toFixed(2)}× (what the refused excess costs B).`);
} finally {
  await cloud.stop();
}
process.exit(0);
