/**
 * `npm run bench:fairness`: does one tenant hammering the API slow another tenant down? Tenant A
 * (on the starter plan: 600 requests a minute per route group) sends its checklist read at 20×
 * its limit (200 a second, open loop: a request every 5 ms whatever the answers), while tenant B
 * reads its own checklist one request after another. B's p50 / p95 unloaded and loaded are
 * measured in alternating rounds (so the machine's other work falls on both alike), with A's
 * answers counted: how many got through (the refill, 10 a second) and how many were refused 429.
 * Goal: B's loaded p95 within 1.2× of its unloaded p95. Usage is gathered as in AWS
 * (USAGE_FLUSH_MS=10000), not written per request as the local cloud otherwise does.
 * DynamoDB Local and the gateway share this machine's cores with the load, unlike Lambda and
 * DynamoDB: the figure is an upper bound on the interference. Prints; asserts nothing.
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
process.env.USAGE_FLUSH_MS ??= '10000';
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
const GOAL = 1.2;

const cloud = await startLocalCloud({ port: 0, notifier: false });
type Api = ReturnType<typeof signedInApi>;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function tenantWithProject(name: string) {
  const contractor = await registered(cloud, 'contractor');
  const project: { id: string } = await (await contractor.api('POST', '/api/projects', { name, address: '1 Bench Road', clientName: 'Client' })).json();
  return { ...contractor, path: `/api/projects/${project.id}/checklist` };
}

/** B's reads, one after another, for `seconds`: their times in ms. */
async function quietReads(api: Api, path: string, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    await (await api('GET', path)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

/** A's open loop: `perSecond` requests a second until stopped, whatever their answers. */
function hammer(cookie: string, path: string, perSecond: number) {
  const counts = { sent: 0, ok: 0, refused: 0, other: 0 };
  const inFlight = new Set<Promise<void>>();
  const interval = 1000 / perSecond;
  const started = performance.now();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    // Catch up on the schedule (timers drift under load): the rate is what A sends, not what the machine allows.
    const due = Math.floor((performance.now() - started) / interval) - counts.sent;
    for (let i = 0; i < due; i++) {
      counts.sent++;
      const request = fetch(`${cloud.url}${path}`, { headers: { cookie } })
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.status === 200) counts.ok++;
          else if (response.status === 429) counts.refused++;
          else counts.other++;
        })
        .catch(() => void counts.other++)
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
    setTimeout(tick, interval);
  };
  tick();
  return {
    counts,
    async stop() {
      stopped = true;
      await Promise.all(inFlight);
      return (performance.now() - started) / 1000;
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
  const warm = hammer(noisy.api.cookie, noisy.path, perSecond);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await warm.stop();

  const unloaded: number[] = [];
  const loaded: number[] = [];
  const noisyTotals = { sent: 0, ok: 0, refused: 0, other: 0, seconds: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    unloaded.push(...(await quietReads(quiet.api, quiet.path, ROUND_SECONDS)));
    const load = hammer(noisy.api.cookie, noisy.path, perSecond);
    loaded.push(...(await quietReads(quiet.api, quiet.path, ROUND_SECONDS)));
    const seconds = await load.stop();
    for (const key of ['sent', 'ok', 'refused', 'other'] as const) noisyTotals[key] += load.counts[key];
    noisyTotals.seconds += seconds;
  }
  unloaded.sort((a, b) => a - b);
  loaded.sort((a, b) => a - b);
  const ratio = percentile(loaded, 95) / percentile(unloaded, 95);
  const ms = (value: number) => value.toFixed(1);

  console.log(`Noisy neighbour — ${new Date().toISOString()} — node ${process.version} — local gateway, DynamoDB Local, ${ROUNDS} rounds of ${ROUND_SECONDS} s unloaded then loaded`);
  console.log(
    `Tenant A (starter, ${limit}/min): sent ${noisyTotals.sent} checklist reads in ${noisyTotals.seconds.toFixed(1)} s (${(noisyTotals.sent / noisyTotals.seconds).toFixed(0)}/s, ${OVER_LIMIT}× its limit asked): ` +
      `${noisyTotals.ok} answered (${(noisyTotals.ok / noisyTotals.seconds).toFixed(1)}/s), ${noisyTotals.refused} refused 429, ${noisyTotals.other} other.`,
  );
  console.table([
    { 'tenant B, its checklist': 'unloaded', requests: unloaded.length, 'p50 ms': ms(percentile(unloaded, 50)), 'p95 ms': ms(percentile(unloaded, 95)) },
    { 'tenant B, its checklist': `A at ${OVER_LIMIT}× its limit`, requests: loaded.length, 'p50 ms': ms(percentile(loaded, 50)), 'p95 ms': ms(percentile(loaded, 95)) },
  ]);
  console.log(`p95 loaded / unloaded: ${ratio.toFixed(2)}× — goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'met' : 'NOT met'}.`);
} finally {
  await cloud.stop();
}
process.exit(0);
