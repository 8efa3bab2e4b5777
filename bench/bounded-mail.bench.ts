/**
 * `node --import tsx bench/bounded-mail.bench.ts`: how long Share with Client takes to answer its
 * 503 while the mail service is frozen (issue 27: goal under 10 s, the call to SES being bounded).
 * The integration test (tests/integration/bounded-calls.int.spec.ts) checks that it answers 503
 * and records nothing; the time is this bench's figure, as a busy machine stretches it.
 * A local cloud of its own, its SES emulator stopped with SIGSTOP for each request. Prints; asserts nothing.
 */
// The frozen mail service's 503s are expected here: the handlers' error logs would bury the figure.
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
import { startLocalCloud } from '../infra/local/cloud';
import { registered } from './signed-in-api';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL_S = 10;

const cloud = await startLocalCloud({ port: 0 });
try {
  const contractor = await registered(cloud, 'contractor');
  const seconds: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const project = await (await contractor.api('POST', '/api/projects', { name: `Frozen mail ${run}`, address: '1 Stall Street', clientName: 'Chris', clientEmail: `frozen.${run}.${Date.now()}@example.com` })).json();
    process.kill(cloud.pids.ses!, 'SIGSTOP');
    const started = performance.now();
    let status: number;
    try {
      status = (await fetch(`${cloud.url}/api/projects/${project.id}/share-with-client`, { method: 'POST', headers: { cookie: contractor.api.cookie } })).status;
    } finally {
      process.kill(cloud.pids.ses!, 'SIGCONT');
    }
    seconds.push((performance.now() - started) / 1000);
    if (status !== 503) throw new Error(`Share with Client answered ${status} with the mail service frozen, not 503`);
  }
  const worst = Math.max(...seconds);
  console.log(`Bounded mail call — ${new Date().toISOString()} — node ${process.version} — ${RUNS} runs`);
  console.log(`Share with Client, mail service frozen: 503 after ${seconds.map((s) => `${s.toFixed(2)} s`).join(', ')}; worst ${worst.toFixed(2)} s — goal < ${GOAL_S} s: ${worst < GOAL_S ? 'met' : 'NOT met'}`);
} finally {
  await cloud.stop();
}
