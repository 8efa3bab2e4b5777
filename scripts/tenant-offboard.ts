import './local-environment';
import { parseArgs } from 'node:util';
import { collectTenant, removeTenant } from '../functions/operations/tenant-data';

/**
 * `npm run tenant:offboard -- --tenant ID --confirm`: removes everything of one tenant (the
 * contractor's account and projects: events, views, sessions, connections, checkpoints, uploads,
 * the keys of the personal data in them)
 * and prints what it removed. Without --confirm it only prints what it would remove. Export the
 * tenant first (tenant:export) if anything of it must be kept.
 */

const { values } = parseArgs({ options: { tenant: { type: 'string' }, confirm: { type: 'boolean' } } });
if (!values.tenant) {
  console.error('Usage: npm run tenant:offboard -- --tenant ID --confirm');
  process.exit(2);
}
const data = await collectTenant(values.tenant);
const projects = new Set(data.events.map((event) => event.projectId).filter(Boolean));
const summary = `${data.events.length} events (${projects.size} projects), ${data.state.length} state items, ${data.objects.length} objects`;
if (!data.events.length && !data.state.length) {
  console.log(`Tenant ${values.tenant}: nothing found.`);
  process.exit(0);
}
if (!values.confirm) {
  console.log(`Tenant ${values.tenant}: would remove ${summary}. Run again with --confirm to remove them.`);
  process.exit(0);
}
const removed = await removeTenant(values.tenant, data);
console.log(`Tenant ${values.tenant}: removed ${removed.events} events (${projects.size} projects), ${removed.state} state items, ${removed.objects} objects, ${removed.keys} personal data keys.`);
process.exit(0);
