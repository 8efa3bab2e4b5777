import './local-environment';
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { collectTenant } from '../functions/operations/tenant-data';

/**
 * `npm run tenant:export -- --tenant ID [--out FILE]`: everything of one tenant (a contractor's
 * account and projects) as NDJSON, one record per line: `{"record":"event",…}` (as stored, hash
 * chain included), `{"record":"state",…}` (views, heads, account, sessions, checkpoints…),
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
for (const event of data.events) line({ record: 'event', ...event });
for (const item of data.state) line({ record: 'state', ...item });
for (const object of data.objects) line({ record: 'object', ...object });
if (values.out) await new Promise((resolve) => (out as ReturnType<typeof createWriteStream>).end(resolve));
console.error(`Tenant ${values.tenant}: ${data.events.length} events, ${data.state.length} state items, ${data.objects.length} objects${values.out ? ` written to ${values.out}` : ''}.`);
process.exit(0);
