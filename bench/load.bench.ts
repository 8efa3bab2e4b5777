/**
 * `npm run bench:load`: does a tenant's experience depend on how many other tenants there are?
 * Measures the requests people make most (sign-in, the contractor's list, the client's list, a
 * project's stats, a room's items, a toggle) for one tenant alone, then seeds BENCH_TENANTS
 * tenants (default 500) × BENCH_PROJECTS projects (default 4) with the template's rooms and items
 * through the API (so through the domain: events, hash chains, views), and measures the same
 * requests again, for the first tenant and for the last one seeded. Prints p50 / p95 per request
 * and the ratio to the one-tenant figures. DynamoDB Local on this machine, not AWS latency.
 * Prints; asserts nothing.
 */
import pMap from 'p-map';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { registered, signedInApi } from './signed-in-api';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 500);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 4);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 40);
const SEED_IN_FLIGHT = Number(process.env.BENCH_SEED_CONCURRENCY ?? 6);

const cloud = await startLocalCloud({ port: 0, notifier: false });
type Api = ReturnType<typeof signedInApi>;
const json = async <T = any>(api: Api, method: string, path: string, body?: unknown): Promise<T> => (await api(method, path, body)).json() as Promise<T>;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A tenant: its contractor, a client with a proved e-mail, PROJECTS projects (the first one the client's). */
async function tenant(index: number) {
  const contractor = await registered(cloud, 'contractor', `load.contractor.${index}.${Date.now()}@example.com`);
  const client = await registered(cloud, 'client', `load.client.${index}.${Date.now()}@example.com`);
  const projects: { id: string }[] = [];
  for (let p = 0; p < PROJECTS; p++) {
    projects.push(await json(contractor.api, 'POST', '/api/projects', { name: `Tenant ${index} project ${p}`, address: `${p} Load Street`, clientName: 'Client', clientEmail: p === 0 ? client.email : undefined }));
  }
  const [room] = await json<{ id: string }[]>(contractor.api, 'GET', `/api/projects/${projects[0]!.id}/rooms`);
  const [item] = await json<{ id: string }[]>(contractor.api, 'GET', `/api/rooms/${room!.id}/items`);
  return { contractor, client, projects, roomId: room!.id, itemId: item!.id };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

/** Each request REPEAT times, one after another: p50 and p95 in ms. */
async function measure(who: Tenant) {
  const signIn = signedInApi(cloud.url);
  let flag = false;
  const requests: Record<string, () => Promise<unknown>> = {
    'sign-in': () => signIn('POST', '/api/auth/login', { email: who.contractor.email, password: 'bench-password' }),
    "contractor's list": () => who.contractor.api('GET', '/api/projects/with-stats'),
    "client's list": () => who.client.api('GET', '/api/client-projects'),
    'project stats': () => who.contractor.api('GET', `/api/projects/${who.projects[0]!.id}/stats`),
    "a room's items": () => who.contractor.api('GET', `/api/rooms/${who.roomId}/items`),
    toggle: () => who.contractor.api('PATCH', `/api/checklist-items/${who.itemId}`, { contractorCompleted: (flag = !flag) }),
  };
  const figures: Record<string, { p50: number; p95: number }> = {};
  for (const [name, request] of Object.entries(requests)) {
    await request(); // warm: the handler's module and its clients
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const started = performance.now();
      await request();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    figures[name] = { p50: percentile(times, 50), p95: percentile(times, 95) };
  }
  return figures;
}

try {
  const first = await tenant(0);
  const alone = await measure(first);

  const started = performance.now();
  let seeded = 1;
  let last = first;
  await pMap(
    Array.from({ length: TENANTS - 1 }, (_, i) => i + 1),
    async (index) => {
      last = await tenant(index);
      if (++seeded % 50 === 0) process.stderr.write(`  ${seeded} tenants seeded (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    },
    { concurrency: SEED_IN_FLIGHT },
  );
  const seedSeconds = (performance.now() - started) / 1000;
  const manyFirst = await measure(first);
  const manyLast = await measure(last);

  console.log(`Load — ${new Date().toISOString()} — node ${process.version} — local gateway, DynamoDB Local, ${REPEAT} calls per figure`);
  console.log(`Seeded ${TENANTS} tenants × ${PROJECTS} projects (template rooms and items) through the API in ${seedSeconds.toFixed(0)} s.`);
  const ms = (value: number) => value.toFixed(1);
  console.table(
    Object.keys(alone).map((name) => ({
      request: name,
      '1 tenant p50 / p95': `${ms(alone[name]!.p50)} / ${ms(alone[name]!.p95)}`,
      [`${TENANTS} tenants, first p50 / p95`]: `${ms(manyFirst[name]!.p50)} / ${ms(manyFirst[name]!.p95)}`,
      [`${TENANTS} tenants, last p50 / p95`]: `${ms(manyLast[name]!.p50)} / ${ms(manyLast[name]!.p95)}`,
      'p50 ratio (worst)': (Math.max(manyFirst[name]!.p50, manyLast[name]!.p50) / alone[name]!.p50).toFixed(2),
    })),
  );
} finally {
  await cloud.stop();
}
process.exit(0);
