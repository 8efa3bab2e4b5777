/**
 * `npm run bench:budget`: GET /api/projects/{id}/budget (issue 18) on a project of 36 items (the
 * template) and one of 3,336, with allowances and costs set: DynamoDB round trips, read units and
 * latency per call. The budget is read from counters on the project's summary and rooms, so its
 * cost must not grow with the number of items. DynamoDB Local on this machine, not AWS latency.
 * Prints; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import pMap from 'p-map';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { tallyDynamo } from './dynamo-tally';
import { signedInApi } from './signed-in-api';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 30);
/** Items added to the template's 36 (default: 0 and 3,300). */
const EXTRA = (process.env.BENCH_EXTRA_ITEMS ?? '0,3300').split(',').map(Number);
/** Items of the big project that get an allowance and a cost (all would only take longer to seed). */
const PRICED = Number(process.env.BENCH_PRICED_ITEMS ?? 300);

// The notifier off: only the request's own round trips are counted.
const cloud = await startLocalCloud({ port: 0, notifier: false });
const { dynamo } = await import('../functions/adapters/dynamo');

const tally = tallyDynamo(dynamo(), 'benchBudgetTally');

const call = signedInApi(cloud.url);
const api = async (method: string, path: string, body?: unknown) => (await call(method, path, body)).json();
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

try {
  await api('POST', '/api/auth/register', { firstName: 'Bench', lastName: 'Contractor', email: `bench.${randomUUID().slice(0, 8)}@example.com`, role: 'contractor', password: 'bench-password', confirmPassword: 'bench-password' });
  const rows = [];
  for (const extra of EXTRA) {
    const project = await api('POST', '/api/projects', { name: `Budget ${extra}`, address: '1 Bench Road', clientName: 'Client' });
    const rooms: { id: string }[] = await api('GET', `/api/projects/${project.id}/rooms`);
    // Spread over the template's rooms, a few at a time, as people would add them.
    const added = await pMap(Array.from({ length: extra }, (_, i) => i), (i) => api('POST', '/api/checklist-items', { roomId: rooms[i % rooms.length]!.id, category: 'standard', name: `Extra ${i}` }), { concurrency: 4 });
    const template = (await api('GET', `/api/projects/${project.id}/checklist`)).rooms.flatMap((room: { items: { id: string }[] }) => room.items);
    const priced = [...template, ...added].slice(0, PRICED);
    await pMap(priced, (item: { id: string }, i) => api('PATCH', `/api/checklist-items/${item.id}`, { allowance: 100 + i, cost: 99.5 + i }), { concurrency: 4 });
    const stats = await api('GET', `/api/projects/${project.id}/stats`);

    tally.reset();
    const times: number[] = [];
    let budget: { allowance: number; cost: number } | undefined;
    for (let i = 0; i < REPEAT; i++) {
      const started = performance.now();
      budget = await api('GET', `/api/projects/${project.id}/budget`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({
      items: stats.total,
      rooms: rooms.length,
      'priced items': priced.length,
      'allowance / cost': `${budget!.allowance} / ${budget!.cost}`,
      'round trips per call': tally.perCall(REPEAT, 2),
      'read units per call': tally.readUnitsPer(REPEAT, 2),
      'p50 ms': percentile(times, 50).toFixed(1),
      'p95 ms': percentile(times, 95).toFixed(1),
    });
  }
  console.log(`Budget read bench — ${new Date().toISOString()} — node ${process.version} — DynamoDB Local via the local gateway, notifier off, ${REPEAT} calls per row, not AWS latency`);
  console.table(rows);
  console.log('round trips and read units are per call, counted on the handlers\' DynamoDB client (the session read included): the same at every size means the budget does not read the items.');
} finally {
  await cloud.stop();
}
