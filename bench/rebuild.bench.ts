/**
 * `npm run bench:rebuild`: how fast views are rebuilt from events.
 *
 * - replay: a project's events (already read) through the folds and projections into views in
 *   memory, no I/O — what `views:rebuild` computes per project.
 * - views:rebuild: the operator's tool as they run it (a fresh process, wall clock) over every
 *   project of a table, against DynamoDB Local: reading the events, reading the live views,
 *   writing the rebuilt ones.
 *
 * Seeds BENCH_PROJECTS projects with the template's rooms and items through the API, then
 * BENCH_EVENTS flag events per project straight into the items' streams (as a long-lived job
 * would have them). Prints; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { seedFlagEvents } from './seed-events';
import { median } from './median';
import { registered, templateProject } from './signed-in-api';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);

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

  console.log(`Rebuild — ${new Date().toISOString()} — node ${process.version} — ${repoRoot} — DynamoDB Local, 2 cores`);
  console.table([
    { measure: 'replay in process (fold + projections, no I/O), median of 5', events: total, 'events/s': Math.round(median(replayRates)) },
    viewsRow('views:rebuild, 1st run: writes the missing views (fresh process, wall clock)', toolRuns[0]!),
    viewsRow('views:rebuild, 2nd and 3rd runs: views intact (median)', median(toolRuns.slice(1))),
  ]);
} finally {
  await cloud.stop();
}
process.exit(0);
