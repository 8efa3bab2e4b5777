import './local-environment';
import { parseArgs } from 'node:util';
import pMap from 'p-map';
import { replaceProjectViews } from '../functions/projections/rebuild';
import { eventStore } from '../functions/commands/event-store';
import { backfillPhotoRecords } from '../functions/objects/photo-backfill';

/**
 * `npm run views:rebuild [-- --project ID]`: replays the events of one project, or of every
 * project, into its views, replacing what is there (invariant 4). Uses the same environment as
 * the Lambdas (tables, AWS_ENDPOINT_URL_*). Projects are rebuilt a few at a time. Then each
 * project's photos published before issue 30 get their photo record (functions/objects/photo-backfill.ts).
 */

const PROJECTS_AT_ONCE = 4;
const { values } = parseArgs({ options: { project: { type: 'string' } } });
const store = eventStore();
const started = performance.now();

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
