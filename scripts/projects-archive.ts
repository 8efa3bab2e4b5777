import './local-environment';
import { parseArgs } from 'node:util';
import { archiveClosedProjects, DEFAULT_SETTLE_MS } from '../functions/archive/archive-project';
import { config } from '../functions/config';
import { exitWhenFlushed } from './exit-when-flushed';

/**
 * `npm run projects:archive [-- --days N] [--project ID …] [--settle-ms MS] [--json]`: moves each
 * project completed or cancelled for more than N days (default ARCHIVE_AFTER_DAYS, 180) to the
 * archive bucket, verified, leaving its summary as a tombstone (functions/archive/archive-project.ts).
 * `--settle-ms`: how long to wait after marking the projects, for requests already past their
 * check (default 30 s, the API's timeout; the tests use less against the local cloud).
 * Exits 1 when any project failed (it is left as it was).
 */

const { values } = parseArgs({
  options: { days: { type: 'string' }, project: { type: 'string', multiple: true }, 'settle-ms': { type: 'string' }, json: { type: 'boolean' } },
});
const number = (name: string, text: string | undefined) => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) {
    console.error(`--${name} must be a whole number, not ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return Number(text);
};
const days = number('days', values.days) ?? config().archiveAfterDays;
const outcomes = await archiveClosedProjects({ days, projectIds: values.project, settleMs: number('settle-ms', values['settle-ms']) ?? DEFAULT_SETTLE_MS });

if (values.json) console.log(JSON.stringify({ days, outcomes }, null, 2));
else {
  for (const outcome of outcomes) {
    if (outcome.result === 'archived') console.log(`${outcome.projectId}: archived ${outcome.events} events → ${outcome.key} (${outcome.bytes} bytes)`);
    else console.log(`${outcome.projectId}: ${outcome.result}: ${outcome.reason}`);
  }
  const archived = outcomes.filter((outcome) => outcome.result === 'archived');
  console.log(`Archived ${archived.length} project(s) closed for more than ${days} days (${archived.reduce((sum, outcome) => sum + (outcome.events ?? 0), 0)} events); ${outcomes.length - archived.length} left as they were.`);
}
await exitWhenFlushed(outcomes.some((outcome) => outcome.result === 'failed') ? 1 : 0);
