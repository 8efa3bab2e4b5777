import './local-environment';
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { collectTenant } from '../functions/operations/tenant-data';
import { eventStore } from '../functions/commands/event-store';

/**
 * `npm run tenant:export -- --tenant ID [--out FILE]`: everything of one tenant (a contractor's
 * account and projects) as NDJSON, one record per line: `{"record":"event",…}` (as stored, hash
 * chain included; `plain` holds the sealed personal values opened), `{"record":"state",…}` (views, heads, account, sessions, checkpoints…),
 * `{"record":"object","key":…,"bytes":…}` (the uploads bucket). To FILE, or to standard output.
 * Uses the same environment as the Lambdas (tables, bucket, AWS_ENDPOINT_URL_*).
 */

const { values } = parseArgs({ options: { tenant: { type: 'string' }, out: { type: 'string' } } });
if (!values.tenant) {
  console.error('Usage: npm run tenant:export -- --tenant ID [--out FILE]');
  process.exit(2);
}
const data = await collectTenant(values.tenant);
const out = values.out ? createWriteStream(values.out) : process.stdout;
const line = (record: object) => out.write(`${JSON.stringify(record)}\n`);
// Personal values are sealed as stored (the hashes cover that form); `plain` has them readable.
const opened = await eventStore().opened(data.events);
data.events.forEach((event, i) => line({ record: 'event', ...event, ...(opened[i] !== event ? { plain: { data: opened[i]!.data, meta: opened[i]!.meta } } : {}) }));
for (const item of data.state) line({ record: 'state', ...item });
for (const object of data.objects) line({ record: 'object', ...object });
if (values.out) await new Promise((resolve) => (out as ReturnType<typeof createWriteStream>).end(resolve));
console.error(`Tenant ${values.tenant}: ${data.events.length} events, ${data.state.length} state items, ${data.objects.length} objects${values.out ? ` written to ${values.out}` : ''}.`);
process.exit(0);
