import './local-environment';
import { parseArgs } from 'node:util';
import pMap from 'p-map';
import { endBuild, replaceProjectViews, shadowRebuild, ShadowRebuildAborted } from '../functions/projections/rebuild';
import { eventStore } from '../functions/commands/event-store';
import { backfillPhotoRecords } from '../functions/objects/photo-backfill';
import { readPointer } from '../functions/store/view-generation';

/**
 * `npm run views:rebuild [-- --project ID]`: replays the events of one project, or of every
 * project, into its views, replacing what is there (invariant 4). Uses the same environment as
 * the Lambdas (tables, AWS_ENDPOINT_URL_*). Projects are rebuilt a few at a time. Then each
 * project's photos published before issue 30 get their photo record (functions/objects/photo-backfill.ts).
 *
 * `npm run views:rebuild -- --shadow [--grace SECONDS] [--generation N] [--allow-changes] [--json]`
 * (issue 31): builds the next generation of every project's views beside the live one while the
 * service keeps writing, switches reads to it when it has caught up and its counts match, then
 * drops the old one (functions/projections/rebuild.ts shadowRebuild). `--grace`: how long every
 * process takes to see the pointer change and finish its requests (default: 35 in AWS, a Lambda's
 * 29 s timeout + the pointer's 1 s + margin; 3 locally). `--abort`: ends a build whose process
 * died (the live views stay) and drops what it had written.
 */

const PROJECTS_AT_ONCE = 4;
const { values } = parseArgs({
  options: {
    project: { type: 'string' },
    shadow: { type: 'boolean' },
    grace: { type: 'string' },
    generation: { type: 'string' },
    'allow-changes': { type: 'boolean' },
    abort: { type: 'boolean' },
    json: { type: 'boolean' },
  },
});
const store = eventStore();
const started = performance.now();

if (values.abort) {
  const ended = await endBuild(store);
  console.log(ended ? `Ended the build of generation ${ended.to} and dropped it; generation ${ended.from} stays live.` : 'No shadow build was running.');
  process.exit(0);
}

if (values.shadow) {
  if (values.project) throw new Error('--shadow rebuilds every project: leave out --project');
  const grace = Number(values.grace ?? process.env.VIEWS_REBUILD_GRACE_SECONDS ?? (process.env.AWS_LAMBDA_FUNCTION_NAME || !process.env.AWS_ENDPOINT_URL_DYNAMODB ? 35 : 3));
  if (!(grace >= 0)) throw new Error('--grace takes a number of seconds');
  try {
    const report = await shadowRebuild(store, {
      graceMs: grace * 1000,
      to: values.generation === undefined ? undefined : Number(values.generation),
      allowChanges: values['allow-changes'],
      log: values.json ? undefined : (line) => console.log(line),
    });
    const seconds = (performance.now() - started) / 1000;
    if (values.json) console.log(JSON.stringify({ ...report, seconds: Number(seconds.toFixed(1)), live: (await readPointer()).live }));
    else {
      for (const difference of report.differences) console.log(`${difference.projectId}: ${difference.live} view items live before, ${difference.shadow} now`);
      console.log(`Generation ${report.to} is live: ${report.projects} project(s), ${report.events} events, passes ${report.passes.join(' → ')}, writes waited ${Math.round(report.switchMs)} ms; generation ${report.from} dropped. ${seconds.toFixed(1)} s.`);
    }
  } catch (error) {
    if (!(error instanceof ShadowRebuildAborted)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  process.exit(0);
}

const projectIds = values.project ? [values.project] : [...(await store.scanProjectIds())];
let events = 0;
await pMap(
  projectIds,
  async (projectId) => {
    const rebuilt = await replaceProjectViews(store, projectId);
    events += rebuilt.events;
    console.log(`${projectId}: ${rebuilt.written} view items written, ${rebuilt.deleted} stale removed`);
  },
  { concurrency: PROJECTS_AT_ONCE },
);
// Issue 30: photos published before photo records existed get one (with a copy without metadata,
// and a thumbnail): all projects' published photos first, then those their items only show.
for (const source of ['events', 'items'] as const) {
  await pMap(
    projectIds,
    async (projectId) => {
      const photos = await backfillPhotoRecords(projectId, await store.readProjectEvents(projectId), source);
      if (photos.recorded || photos.missing) console.log(`${projectId}: ${photos.recorded} older photo(s) recorded (from ${source})${photos.missing ? `, ${photos.missing} missing from the bucket` : ''}`);
    },
    { concurrency: PROJECTS_AT_ONCE },
  );
}
const seconds = (performance.now() - started) / 1000;
console.log(`Rebuilt ${projectIds.length} project(s) from ${events} events in ${seconds.toFixed(1)} s (${Math.round(events / seconds)} events/s).`);
