/**
 * `npm run bench:live`: how long a change by one person takes to reach the other person's open
 * page. Two WebSocket clients (the contractor's and the client's, as their browsers open them)
 * on one project; BENCH_CHANGES flag changes, half by each, one after the other; for each, the
 * time from sending the PATCH to the notice of that item's change arriving on the other socket.
 * Through the local gateway and its events-stream poller (as in AWS: DynamoDB Streams → the
 * browser notifier → API Gateway's management API). Prints; asserts nothing.
 */
import WebSocket from 'ws';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import type { ProjectEventNotice } from '../contract/notices';
import { itemStreamId } from '../events/streams';
import { startLocalCloud } from '../infra/local/cloud';
import { registered, signedInApi } from './signed-in-api';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 100);
const TIMEOUT_MS = 5000;

const cloud = await startLocalCloud({ port: 0 });
type Api = ReturnType<typeof signedInApi>;
const json = async (api: Api, method: string, path: string, body?: unknown) => (await api(method, path, body)).json();

/** A page's socket: the notices it receives, and a way to wait for the next one that matches. */
async function openPage(api: Api, projectId: string) {
  const socket = new WebSocket(`${cloud.url.replace(/^http/, 'ws')}/ws?projectId=${projectId}`, { headers: { cookie: api.cookie, origin: cloud.url } });
  const waiting: { match: (notice: ProjectEventNotice) => boolean; resolve: (at: number) => void }[] = [];
  socket.on('message', (data) => {
    const at = performance.now();
    const notice = JSON.parse(data.toString()) as ProjectEventNotice;
    const index = waiting.findIndex((wait) => wait.match(notice));
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(at);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    next: (match: (notice: ProjectEventNotice) => boolean) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no notice within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
        waiting.push({ match, resolve: (at) => (clearTimeout(timer), resolve(at)) });
      }),
    close: () => socket.terminate(),
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

try {
  const contractor = await registered(cloud, 'contractor');
  const client = await registered(cloud, 'client');
  const project = await json(contractor.api, 'POST', '/api/projects', { name: 'Live', address: '1 Live Lane', clientName: 'Client', clientEmail: client.email });
  const rooms: { id: string }[] = await json(contractor.api, 'GET', `/api/projects/${project.id}/rooms`);
  const items: { id: string }[] = await json(contractor.api, 'GET', `/api/rooms/${rooms[0]!.id}/items`);
  const pages = { contractor: await openPage(contractor.api, project.id), client: await openPage(client.api, project.id) };

  const flags = new Map<string, boolean>();
  const latencies = { 'contractor → client': [] as number[], 'client → contractor': [] as number[] };
  for (let i = 0; i < CHANGES; i++) {
    const byContractor = i % 2 === 0;
    const item = items[i % items.length]!;
    const streamId = itemStreamId(item.id);
    const other = byContractor ? pages.client : pages.contractor;
    const arrived = other.next((notice) => notice.type === 'project_event' && notice.streamId === streamId);
    const sent = performance.now();
    // Each change flips a flag, so each one is an event.
    const field = byContractor ? 'purchasesMade' : 'clientCompleted';
    const value = !flags.get(`${item.id}.${field}`);
    flags.set(`${item.id}.${field}`, value);
    const body = { [field]: value };
    await (byContractor ? contractor : client).api('PATCH', `/api/checklist-items/${item.id}`, body);
    latencies[byContractor ? 'contractor → client' : 'client → contractor'].push((await arrived) - sent);
  }
  pages.contractor.close();
  pages.client.close();

  console.log(`Live updates — ${new Date().toISOString()} — node ${process.version} — local gateway, DynamoDB Local, ${CHANGES} changes`);
  console.table(
    Object.entries(latencies).map(([direction, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { direction, changes: sorted.length, 'p50 ms': percentile(sorted, 50).toFixed(0), 'p95 ms': percentile(sorted, 95).toFixed(0), 'max ms': sorted.at(-1)!.toFixed(0) };
    }),
  );
  console.log('From sending the PATCH to the notice arriving on the other person\'s socket.');
} finally {
  await cloud.stop();
}
process.exit(0);
