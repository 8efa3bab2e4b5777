import './local-environment';
import { parseArgs } from 'node:util';
import { processorNamed, processors } from '../functions/processors/registry';
import { replayDeadLetters } from '../functions/processors/replay';
import { processorStatus } from '../functions/processors/status';

/**
 * `npm run processors -- status [--json]`: each stream processor's checkpoint (the last event it
 * got past, when, and how far behind it was then) and its dead letters.
 * `npm run processors -- replay NAME [--json]`: once the fault is fixed (deployed), hands the
 * processor its dead letters again; those that now pass leave the list. Exits 1 while some still fail.
 * Against the running local cloud by default, or AWS with the Lambdas' environment set.
 */

const { values, positionals } = parseArgs({ options: { json: { type: 'boolean' } }, allowPositionals: true });
const [command, name] = positionals;
const names = Object.keys(processors).join(', ');
const usage = `Usage: npm run processors -- status [--json] | replay NAME [--json]   (processors: ${names})`;

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
  process.exit(0);
}

if (command === 'replay') {
  const processor = name ? processorNamed(name) : undefined;
  if (!processor) {
    console.error(name ? `No processor is named "${name}" (processors: ${names}).` : usage);
    process.exit(2);
  }
  const report = await replayDeadLetters(processor);
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(`${report.processor}: ${report.replayed} dead letter(s) replayed and removed, ${report.stillFailing.length} still failing.`);
    for (const failing of report.stillFailing) console.log(`  ${failing.eventId} (${failing.streamId} v${failing.version}): ${failing.error}`);
  }
  process.exit(report.stillFailing.length ? 1 : 0);
}

console.error(usage);
process.exit(2);
