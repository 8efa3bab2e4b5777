import './local-environment';
import { parseArgs } from 'node:util';
import { eventStore } from '../functions/commands/event-store';
import { verifyAll, verifyProject, verifyStream } from '../functions/store/verify';

/**
 * `npm run events:verify [-- --stream ID | --project ID]`: checks the hash chains of the stored
 * events (all of them by default) and lists every edited, removed or reordered event. Exits 1
 * when it finds any. Uses the same environment as the Lambdas (tables, AWS_ENDPOINT_URL_*).
 */

const { values } = parseArgs({ options: { stream: { type: 'string' }, project: { type: 'string' } } });
const store = eventStore();

const findings = values.stream
  ? await verifyStream(store, values.stream)
  : values.project
    ? await verifyProject(store, values.project)
    : await verifyAll(store).then(({ streams, events, findings }) => {
        console.log(`Checked ${events} events in ${streams} streams.`);
        return findings;
      });

for (const finding of findings) {
  console.log(`${finding.streamId} v${finding.version}: ${finding.problem} (${finding.detail})`);
}
console.log(findings.length ? `${findings.length} problem(s) found.` : 'No tampering found.');
process.exit(findings.length ? 1 : 0);
