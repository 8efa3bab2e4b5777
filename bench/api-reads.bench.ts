/**
 * `npm run bench:api`: what the checklist's reads and writes cost through the real handlers on
 * the local cloud — latency percentiles and DynamoDB round trips per call, by operation —
 * for projects of growing size. Stats and project lists must cost the same whatever the size.
 * Figures are DynamoDB Local on this machine, not AWS latency. Prints; asserts nothing.
 */
import { randomUUID } from 'node:crypto';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { signedInApi } from './signed-in-api';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 30);
const SIZES = (process.env.BENCH_SIZES ?? '0,100,300').split(',').map(Number);

const cloud = await startLocalCloud({ port: 0 });
// Imported after the cloud has set the environment the handlers read.
const { dynamo } = await import('../functions/adapters/dynamo');

// Round trips per DynamoDB operation, counted on the handlers' own client.
let tally = new Map<string, number>();
dynamo().middlewareStack.add(
  (next, context) => async (args) => {
    tally.set(context.commandName ?? '?', (tally.get(context.commandName ?? '?') ?? 0) + 1);
    return next(args);
  },
  { step: 'initialize', name: 'benchTally' },
);

const call = signedInApi(cloud.url);
const api = async (method: string, path: string, body?: unknown) => (await call(method, path, body)).json();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(label: string, size: number, run: () => Promise<unknown>) {
  const times: number[] = [];
  tally = new Map();
  for (let i = 0; i < REPEAT; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const perCall = [...tally].map(([name, count]) => `${name.replace('Command', '')} ${+(count / REPEAT).toFixed(2)}`).join(' + ');
  return { label, items: size, p50: percentile(times, 50).toFixed(1), p95: percentile(times, 95).toFixed(1), max: times.at(-1)!.toFixed(1), roundTripsPerCall: perCall };
}

try {
  await api('POST', '/api/auth/register', { firstName: 'Bench', lastName: 'Contractor', email: `bench.${randomUUID().slice(0, 8)}@example.com`, role: 'contractor', password: 'bench-password', confirmPassword: 'bench-password' });
  const rows = [];
  for (const extra of SIZES) {
    const project = await api('POST', '/api/projects', { name: `Bench ${extra}`, address: '1 Bench Road', clientName: 'Client' });
    const [room] = await api('GET', `/api/projects/${project.id}/rooms`);
    for (let i = 0; i < extra; i++) await api('POST', '/api/checklist-items', { roomId: room.id, category: 'standard', name: `Extra ${i}` });
    const stats = await api('GET', `/api/projects/${project.id}/stats`);
    const [item] = await api('GET', `/api/rooms/${room.id}/items`);
    let flag = false;
    rows.push(await measure('GET stats', stats.total, () => api('GET', `/api/projects/${project.id}/stats`)));
    rows.push(await measure('GET projects/with-stats', stats.total, () => api('GET', '/api/projects/with-stats')));
    rows.push(await measure('GET rooms', stats.total, () => api('GET', `/api/projects/${project.id}/rooms`)));
    rows.push(await measure('PATCH flag (toggle)', stats.total, () => api('PATCH', `/api/checklist-items/${item.id}`, { purchasesMade: (flag = !flag) })));
  }
  console.log(`API bench — ${new Date().toISOString()} — node ${process.version} — DynamoDB Local via the local gateway, ${REPEAT} calls per row, not AWS latency`);
  console.table(rows);
  console.log('round trips are per call, counted on the handlers\' DynamoDB client; the same count at every size means the read does not grow with the project.');
} finally {
  await cloud.stop();
}
