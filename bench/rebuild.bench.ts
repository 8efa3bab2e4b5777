/**
 * `npm run bench:rebuild`: how fast views are rebuilt from events.
 *
 * - replay: a project's events (already read) through the folds and projections into views in
 *   memory, no I/O — what `views:rebuild` computes per project.
 * - views:rebuild: the operator's tool as they run it (a fresh process, wall clock) over every
 *   project of a table, against DynamoDB Local: reading the events, reading the live views,
 *   writing the rebuilt ones.
 *
 * - views:rebuild --shadow (issue 31): the next generation built beside the live one and switched
 *   to, in a fresh process, while one writer ticks an item through the API all along: the tool's
 *   wall clock (with its two graces of BENCH_GRACE seconds), how long writes waited during the
 *   switch, and the writer's latencies before and during the build.
 *
 * Seeds BENCH_PROJECTS projects with the template's rooms and items through the API, then
 * BENCH_EVENTS flag events per project straight into the items' streams (as a long-lived job
 * would have them). Prints; asserts nothing.
 */
import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { seedFlagEvents } from './seed-events';
import { median } from './median';
import { registered, templateProject } from './signed-in-api';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const GRACE = Number(process.env.BENCH_GRACE ?? 2);

const repoRoot = join(import.meta.dirname, '..');
const cloud = await startLocalCloud({ port: 0, notifier: false });
// After the cloud has set the environment the store reads.
const { eventStore } = await import('../functions/commands/event-store');
const { rebuildProjectViews } = await import('../functions/projections/rebuild');
const store = eventStore();


try {
  const { api } = await registered(cloud, 'contractor');

  process.stdout.write(`Seeding ${PROJECTS} projects × ${EVENTS} flag events …`);
  const projectIds: string[] = [];
  for (let p = 0; p < PROJECTS; p++) {
    const { project, items } = await templateProject(api, `Rebuild ${p}`);
    projectIds.push(project.id);
    await seedFlagEvents(store, project.id, items, EVENTS);
  }
  console.log(' done.');

  // Replay, no I/O: the events read once, then replayed REPEAT times.
  const read = new Map<string, Awaited<ReturnType<typeof store.readProjectEvents>>>();
  for (const projectId of projectIds) read.set(projectId, await store.readProjectEvents(projectId));
  const total = [...read.values()].reduce((sum, events) => sum + events.length, 0);
  const replayRates: number[] = [];
  for (let repeat = 0; repeat < 5; repeat++) {
    const started = performance.now();
    for (const projectId of projectIds) await rebuildProjectViews({ ...store, readProjectEvents: async () => read.get(projectId)! }, projectId);
    replayRates.push(total / ((performance.now() - started) / 1000));
  }

  // The tool, as an operator runs it: a fresh process over every project of the table. The seeded
  // events came without their views, so the first run writes them; later runs find them intact.
  const toolRuns: number[] = [];
  for (let repeat = 0; repeat < 3; repeat++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/rebuild-views.ts'], { cwd: repoRoot, env: process.env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`views:rebuild failed: ${run.stderr}`);
    toolRuns.push((performance.now() - started) / 1000);
    console.log(`views:rebuild run ${repeat + 1}: ${run.stdout.trim().split('\n').at(-1)}`);
  }
  const viewsRow = (measure: string, seconds: number) => ({ measure, events: total, seconds: seconds.toFixed(2), 'events/s': Math.round(total / seconds) });

  // The shadow rebuild, with a writer throughout (its own event loop free: the tool runs in a child process).
  const ticked = (await templateProject(api, 'Shadow writer')).items[0]!.id;
  const tick = async (n: number) => {
    const started = performance.now();
    const answer = await api('PATCH', `/api/checklist-items/${ticked}`, { contractorCompleted: n % 2 === 0 });
    if (answer.status !== 200) throw new Error(`A write during the shadow rebuild was answered ${answer.status}: ${await answer.text()}`);
    return performance.now() - started;
  };
  const before: number[] = [];
  for (let n = 0; n < 50; n++) before.push(await tick(n));
  const during: number[] = [];
  let writing = true;
  const writer = (async () => {
    for (let n = 0; writing; n++) during.push(await tick(n));
  })();
  const shadowStarted = performance.now();
  const shadowRun = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/rebuild-views.ts', '--shadow', '--grace', String(GRACE), '--allow-changes', '--json'], { cwd: repoRoot, env: process.env, encoding: 'utf8' });
  const shadowSeconds = (performance.now() - shadowStarted) / 1000;
  writing = false;
  await writer;
  const shadow = JSON.parse(shadowRun.stdout.trim().split('\n').at(-1)!) as { events: number; passes: number[]; switchMs: number; to: number };
  const shadowRow = (measure: string, seconds: number) => ({ measure, events: shadow.events, seconds: seconds.toFixed(2), 'events/s': Math.round(shadow.events / seconds) });
  const percentile = (values: readonly number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

  console.log(`Rebuild — ${new Date().toISOString()} — node ${process.version} — ${repoRoot} — DynamoDB Local, 2 cores`);
  console.table([
    { measure: 'replay in process (fold + projections, no I/O), median of 5', events: total, 'events/s': Math.round(median(replayRates)) },
    viewsRow('views:rebuild, 1st run: writes the missing views (fresh process, wall clock)', toolRuns[0]!),
    viewsRow('views:rebuild, 2nd and 3rd runs: views intact (median)', median(toolRuns.slice(1))),
    shadowRow(`views:rebuild --shadow → generation ${shadow.to}, a writer throughout (wall clock, incl. 2 × ${GRACE} s grace)`, shadowSeconds),
    shadowRow('views:rebuild --shadow, the same less its two graces', shadowSeconds - 2 * GRACE),
  ]);
  console.log(`Shadow rebuild: passes ${shadow.passes.join(' → ')} project(s); writes waited ${Math.round(shadow.switchMs)} ms during the switch.`);
  console.table([
    { writer: 'before the build', writes: before.length, 'p50 ms': median(before).toFixed(1), 'p95 ms': percentile(before, 0.95).toFixed(1), 'max ms': Math.max(...before).toFixed(1) },
    { writer: 'during the shadow rebuild', writes: during.length, 'p50 ms': median(during).toFixed(1), 'p95 ms': percentile(during, 0.95).toFixed(1), 'max ms': Math.max(...during).toFixed(1) },
  ]);
} finally {
  await cloud.stop();
}
process.exit(0);
