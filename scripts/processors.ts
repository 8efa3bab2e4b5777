import './local-environment';
import { parseArgs } from 'node:util';
import { processorNamed, processors } from '../functions/processors/registry';
import { listDeadLetters, removeDeadLetter } from '../functions/processors/processor-state';
import { replayDeadLetters } from '../functions/processors/replay';
import { processorStatus } from '../functions/processors/status';
import { exitWhenFlushed } from './exit-when-flushed';

/**
 * `npm run processors -- status [--json]`: each stream processor's checkpoint (the last event it
 * got past, when, and how far behind it was then) and its dead letters.
 * `npm run processors -- replay NAME [--json]`: once the fault is fixed (deployed), hands the
 * processor its dead letters again; those that now pass leave the list. Exits 1 while some still fail.
 * `npm run processors -- discard NAME --event ID|--all`: drops dead letters not worth replaying
 * (a browser notice hours late tells no one anything); the events themselves stay in the table.
 * Against the running local cloud by default, or AWS with the Lambdas' environment set.
 */

const { values, positionals } = parseArgs({ options: { json: { type: 'boolean' }, event: { type: 'string' }, all: { type: 'boolean' } }, allowPositionals: true });
const [command, name] = positionals;
const names = Object.keys(processors).join(', ');
const usage = `Usage: npm run processors -- status [--json] | replay NAME [--json] | discard NAME --event ID|--all   (processors: ${names})`;

if (command === 'status') {
  const statuses = await processorStatus(Object.values(processors));
  if (values.json) console.log(JSON.stringify(statuses, null, 2));
  else {
    for (const { processor, checkpoint, deadLetters } of statuses) {
      console.log(
        checkpoint
          ? `${processor}: at ${checkpoint.streamId} v${checkpoint.version} (event ${checkpoint.eventId}, appended ${checkpoint.eventAt}), handled ${checkpoint.handledAt}; ` +
              `lag then ${checkpoint.lagSeconds.toFixed(1)} s, ${checkpoint.lagEvents} event(s); ${checkpoint.handled} handled in all, ${deadLetters.length} dead letter(s)`
          : `${processor}: no event handled yet; ${deadLetters.length} dead letter(s)`,
      );
      for (const letter of deadLetters) {
        console.log(`  dead letter ${letter.eventId} (${letter.eventType}, ${letter.streamId} v${letter.version}, tenant ${letter.tenantId}): ${letter.attempts} attempt(s), last ${letter.lastFailedAt}: ${letter.error}`);
      }
    }
  }
  await exitWhenFlushed(0);
}

const processor = name ? processorNamed(name) : undefined;
if ((command === 'replay' || command === 'discard') && !processor) {
  console.error(name ? `No processor is named "${name}" (processors: ${names}).` : usage);
  process.exit(2);
}

if (command === 'replay' && processor) {
  const report = await replayDeadLetters(processor);
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(`${report.processor}: ${report.replayed} dead letter(s) replayed and removed, ${report.stillFailing.length} still failing.`);
    for (const failing of report.stillFailing) console.log(`  ${failing.eventId} (${failing.streamId} v${failing.version}): ${failing.error}`);
  }
  await exitWhenFlushed(report.stillFailing.length ? 1 : 0);
}

if (command === 'discard' && processor && (values.event || values.all)) {
  const letters = (await listDeadLetters(processor.name)).filter((letter) => values.all || letter.eventId === values.event);
  if (!letters.length) {
    console.error(`${processor.name}: no dead letter ${values.event ? `for event ${values.event}` : 'to discard'}.`);
    process.exit(1);
  }
  for (const letter of letters) await removeDeadLetter(processor.name, letter.eventId);
  console.log(`${processor.name}: ${letters.length} dead letter(s) discarded (${letters.map((letter) => letter.eventId).join(', ')}).`);
  await exitWhenFlushed(0);
}

console.error(usage);
process.exit(2);
