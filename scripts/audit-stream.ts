import './local-environment';
import { parseArgs } from 'node:util';
import { auditTrail, stateAt } from '../events/audit';
import type { StoredEvent } from '../events/envelope';
import type { ItemEvent, ProjectEvent } from '../events/projects/events';
import { evolveItem, initialItemState } from '../events/projects/item';
import { evolveProject, initialProjectState } from '../events/projects/project';
import { eventStore } from '../functions/commands/event-store';

/**
 * `npm run audit -- --item ID | --project ID [--version N | --at ISO-TIME]`: an item's or a
 * project's change history event by event (who, when, what changed, before → after), and its
 * state as of the given version or time. Uses the same environment as the Lambdas.
 */

const { values } = parseArgs({ options: { item: { type: 'string' }, project: { type: 'string' }, version: { type: 'string' }, at: { type: 'string' } } });
if (!values.item && !values.project) {
  console.error('Usage: npm run audit -- --item ID | --project ID [--version N | --at ISO-TIME]');
  process.exit(2);
}

const streamId = values.item ? `item#${values.item}` : `project#${values.project}`;
const aggregate = values.item
  ? { initial: initialItemState as object, evolve: (state: object, event: StoredEvent) => evolveItem(state as typeof initialItemState, event as unknown as ItemEvent) }
  : { initial: initialProjectState as object, evolve: (state: object, event: StoredEvent) => evolveProject(state as typeof initialProjectState, event as unknown as ProjectEvent) };

const events = await eventStore().readStream(streamId);
if (!events.length) {
  console.error(`No events for ${streamId}`);
  process.exit(1);
}
for (const entry of auditTrail(events, aggregate.initial, aggregate.evolve)) {
  console.log(`v${entry.version}  ${entry.at}  ${entry.actor} (${entry.role})  ${entry.event}`);
  for (const change of entry.changes) console.log(`    ${change.field}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`);
}
const point = { version: values.version ? Number(values.version) : undefined, time: values.at };
console.log(`\nState${point.version ? ` at version ${point.version}` : point.time ? ` at ${point.time}` : ''}:`);
console.log(JSON.stringify(stateAt(events, aggregate.initial, aggregate.evolve, point), null, 2));
