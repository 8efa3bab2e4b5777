import './local-environment';
import { parseArgs } from 'node:util';
import { restoreProject } from '../functions/archive/restore-project';
import { exitWhenFlushed } from './exit-when-flushed';

/**
 * `npm run projects:restore -- ID [ID …] [--json]`: brings archived projects back into the tables
 * (events and heads as they were, views rebuilt, the tombstone mark gone, the archive object
 * deleted: functions/archive/restore-project.ts). Safe to run again after an interruption.
 */

const { values, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'boolean' } } });
if (!positionals.length) {
  console.error('Usage: npm run projects:restore -- PROJECT_ID [PROJECT_ID …] [--json]');
  process.exit(2);
}
let failed = false;
const outcomes = [];
for (const projectId of positionals) {
  try {
    const restored = await restoreProject(projectId);
    outcomes.push({ ...restored, result: 'restored' as const });
    if (!values.json) console.log(`${projectId}: restored ${restored.events} events in ${restored.streams} streams, ${restored.viewsWritten} view items written`);
  } catch (error) {
    failed = true;
    outcomes.push({ projectId, result: 'failed' as const, reason: (error as Error).message });
    if (!values.json) console.error(`${projectId}: ${(error as Error).message}`);
  }
}
if (values.json) console.log(JSON.stringify({ outcomes }, null, 2));
await exitWhenFlushed(failed ? 1 : 0);
