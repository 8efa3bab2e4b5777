import './local-environment';
import { parseArgs } from 'node:util';
import { replaceProjectViews } from '../functions/projections/rebuild';
import { eventStore } from '../functions/store/default-store';

/**
 * `npm run views:rebuild [-- --project ID]`: replays the events of one project, or of every
 * project, into its views, replacing what is there (invariant 4). Uses the same environment as
 * the Lambdas (tables, AWS_ENDPOINT_URL_*).
 */

const { values } = parseArgs({ options: { project: { type: 'string' } } });
const store = eventStore();

const projectIds = new Set<string>();
if (values.project) projectIds.add(values.project);
else for await (const page of store.scanAllRaw()) for (const event of page) if (event.projectId) projectIds.add(event.projectId);

for (const projectId of projectIds) {
  const { deleted, written } = await replaceProjectViews(store, projectId);
  console.log(`${projectId}: ${written} view items written, ${deleted} stale removed`);
}
console.log(`Rebuilt ${projectIds.size} project(s).`);
