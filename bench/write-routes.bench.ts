/**
 * `npm run bench:writes`: what every write route costs through the real handlers on the local
 * cloud — DynamoDB round trips per call (by operation), how many of them run one after another
 * (sequential steps: round trips that overlap in time count as one step), and latency p50 / p95 —
 * plus a flag toggle on a fresh item against one on an item with a long history. Figures are
 * DynamoDB Local on this machine, not AWS latency. Prints; asserts nothing.
 *
 * The browser notifier (the events stream's consumer) is off, so only the requests' own round
 * trips are counted.
 */

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { registered, signedInApi } from './signed-in-api';
// The client is created on first use, after the cloud has set the environment.
import { dynamo } from '../functions/adapters/dynamo';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 1000);

const cloud = await startLocalCloud({ port: 0, notifier: false });

interface Call {
  name: string;
  started: number;
  ended: number;
}
let calls: Call[] | undefined;
dynamo().middlewareStack.add(
  (next, context) => async (args) => {
    const call = { name: (context.commandName ?? '?').replace('Command', ''), started: performance.now(), ended: 0 };
    try {
      return await next(args);
    } finally {
      call.ended = performance.now();
      calls?.push(call);
    }
  },
  { step: 'initialize', name: 'benchRoundTrips' },
);

/** Round trips that overlap in time ran in parallel: one step. */
function sequentialSteps(made: readonly Call[]): number {
  let steps = 0;
  let until = -Infinity;
  for (const call of [...made].sort((a, b) => a.started - b.started)) {
    if (call.started >= until) steps++;
    until = Math.max(until, call.ended);
  }
  return steps;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

type Api = ReturnType<typeof signedInApi>;
const json = async (api: Api, method: string, path: string, body?: unknown) => {
  const answer = await api(method, path, body);
  const text = await answer.text();
  return text ? JSON.parse(text) : undefined;
};

const rows: Record<string, string | number>[] = [];
/** Runs `run(i)` REPEAT times (setup(i) before each, not measured) and records one row. */
async function measure(label: string, run: (i: number) => Promise<unknown>, setup?: (i: number) => Promise<unknown>, repeat = REPEAT) {
  const times: number[] = [];
  const tally = new Map<string, number>();
  let steps = 0;
  for (let i = 0; i < repeat; i++) {
    await setup?.(i);
    calls = [];
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
    const made = calls;
    calls = undefined;
    for (const call of made) tally.set(call.name, (tally.get(call.name) ?? 0) + 1);
    steps += sequentialSteps(made);
  }
  times.sort((a, b) => a - b);
  const total = [...tally.values()].reduce((sum, n) => sum + n, 0);
  rows.push({
    route: label,
    roundTrips: +(total / repeat).toFixed(2),
    steps: +(steps / repeat).toFixed(2),
    byOperation: [...tally].map(([name, count]) => `${name} ${+(count / repeat).toFixed(2)}`).join(' + '),
    p50: percentile(times, 50).toFixed(1),
    p95: percentile(times, 95).toFixed(1),
  });
}

try {
  const contractor = await registered(cloud, 'contractor');
  const client = await registered(cloud, 'client');
  const c = contractor.api;
  const project = await json(c, 'POST', '/api/projects', { name: 'Bench', address: '1 Bench Road', clientName: 'Client', clientEmail: client.email });
  // Throws unless the verified client was given the project: the client rows measure real calls.
  await client.api('GET', `/api/projects/${project.id}/stats`);
  const rooms: { id: string; type: string }[] = await json(c, 'GET', `/api/projects/${project.id}/rooms`);
  const room = rooms.find((r) => r.type === 'kitchen') ?? rooms[0]!;
  const items: { id: string }[] = await json(c, 'GET', `/api/rooms/${room.id}/items`);
  const [fresh, busy, nearlyDone] = items;

  // A long history on one item, through the API (not measured).
  for (let i = 0; i < HISTORY; i++) await c('PATCH', `/api/checklist-items/${busy!.id}`, { purchasesMade: i % 2 === 0 });

  let flag = false;
  await measure('PATCH item flag (fresh item)', () => c('PATCH', `/api/checklist-items/${fresh!.id}`, { purchasesMade: (flag = !flag) }));
  await measure(`PATCH item flag (item with ${HISTORY + 1} events)`, () => c('PATCH', `/api/checklist-items/${busy!.id}`, { purchasesMade: (flag = !flag) }));
  let installed = false;
  await measure('PATCH item flag (client)', () => client.api('PATCH', `/api/checklist-items/${fresh!.id}`, { clientCompleted: (installed = !installed) }));
  // Selected and Installed set: each Purchased toggle completes or un-completes the item, so its room's completion is settled.
  await c('PATCH', `/api/checklist-items/${nearlyDone!.id}`, { contractorCompleted: true });
  await client.api('PATCH', `/api/checklist-items/${nearlyDone!.id}`, { clientCompleted: true });
  let purchased = false;
  await measure('PATCH item flag (completes / un-completes)', () => c('PATCH', `/api/checklist-items/${nearlyDone!.id}`, { purchasesMade: (purchased = !purchased) }));
  await measure('PATCH item details', (i) => c('PATCH', `/api/checklist-items/${fresh!.id}`, { details: `Details ${i}` }));
  await measure('PUT item', (i) => c('PUT', `/api/checklist-items/${fresh!.id}`, { referenceLinks: [`https://example.com/${i}`] }));
  const created: string[] = [];
  await measure('POST item', async (i) => created.push((await json(c, 'POST', '/api/checklist-items', { roomId: room.id, category: 'special_features', name: `Bench ${i}` })).id));
  await measure('DELETE item', (i) => c('DELETE', `/api/checklist-items/${created[i]}`));

  const added: string[] = [];
  await measure('POST room', async () => added.push((await json(c, 'POST', '/api/rooms', { projectId: project.id, type: 'bedroom', name: 'Bedroom', customName: null })).id));
  await measure('PUT room (rename)', (i) => c('PUT', `/api/rooms/${added[i]}`, { customName: `Guest Room ${i}` }));
  await measure('DELETE room', (i) => c('DELETE', `/api/rooms/${added[i]}`));

  await measure('PATCH project (lock box)', (i) => c('PATCH', `/api/projects/${project.id}`, { lockBoxCode: `${1000 + i}` }));
  await measure('PUT project', (i) => c('PUT', `/api/projects/${project.id}`, { name: `Bench ${i}`, address: '1 Bench Road', clientName: 'Client', clientEmail: client.email }));
  const projects: string[] = [];
  await measure('POST project', async (i) => projects.push((await json(c, 'POST', '/api/projects', { name: `Bench extra ${i}`, address: '2 Bench Road', clientName: 'Client' })).id));
  await measure('DELETE project', (i) => c('DELETE', `/api/projects/${projects[i]}`));

  const messages: string[] = [];
  await measure('POST chat', async (i) => messages.push((await json(c, 'POST', '/api/chat', { projectId: project.id, message: `Hello ${i}`, messageType: 'chat' })).id));
  await measure('PUT chat read (client)', (i) => client.api('PUT', `/api/chat/${messages[i]}/read`, { readByClient: true }));
  await measure('PUT chat mark-all-read', () => c('PUT', `/api/chat/${project.id}/mark-all-read`, { userType: 'contractor', readByContractor: true }));
  await measure('PUT user-session', (i) => c('PUT', '/api/user-session', { userType: 'contractor', userName: `Bench ${i}`, chatOpenedOnce: true }));
  await measure('PUT auth/profile', (i) => c('PUT', '/api/auth/profile', { firstName: 'Bench', lastName: `Contractor ${i}`, email: contractor.email }));

  console.log(`Write routes — ${new Date().toISOString()} — node ${process.version} — DynamoDB Local via the local gateway, ${REPEAT} calls per row, not AWS latency`);
  console.table(rows);
  console.log('roundTrips and steps are per call (steps: round trips that overlap in time count once); ms are whole-request latency.');
} finally {
  await cloud.stop();
}
