import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkCatalogue, currentCatalogue, updatedCatalogue, type CatalogueRecord } from '../events/catalogue-fingerprints';
import { eventDefinitions } from '../events/registered-events';

/**
 * `npm run events:catalogue [-- --json]`: every event type, its current version, the versions
 * recorded and its upcasters. `-- --check`: fails (exit 1) when a schema changed in place or a
 * version disappeared, or when events/catalogue.json lacks a new version or type. `-- --write`:
 * records new versions and types (never an in-place change). See events/catalogue-fingerprints.ts.
 */

const catalogueFile = new URL('../events/catalogue.json', import.meta.url);
const { values } = parseArgs({ options: { check: { type: 'boolean' }, write: { type: 'boolean' }, json: { type: 'boolean' } } });
const record = JSON.parse(readFileSync(catalogueFile, 'utf8')) as CatalogueRecord;

if (values.write) {
  try {
    writeFileSync(catalogueFile, `${JSON.stringify(updatedCatalogue(eventDefinitions, record), null, 2)}\n`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const { unrecorded } = checkCatalogue(eventDefinitions, record);
  console.log(unrecorded.length ? `events/catalogue.json: recorded ${unrecorded.join('; ')}.` : 'events/catalogue.json: nothing new to record.');
  process.exit(0);
}

if (values.check) {
  const { broken, unrecorded } = checkCatalogue(eventDefinitions, record);
  for (const line of broken) console.error(`BROKEN  ${line}`);
  for (const line of unrecorded) console.error(`NEW     ${line}: record it with npm run events:catalogue -- --write`);
  if (broken.length || unrecorded.length) process.exit(1);
  console.log(`events/catalogue.json: ${new Set(eventDefinitions.map((definition) => definition.type)).size} event types, every schema as recorded.`);
  process.exit(0);
}

const current = currentCatalogue(eventDefinitions);
const listing = [...current].map(([type, now]) => ({
  type,
  schemaVersion: now.schemaVersion,
  fingerprint: now.fingerprint,
  recordedVersions: Object.keys(record.events[type]?.versions ?? {}).map(Number),
  upcasters: now.upcasters.map((version) => `v${version}→v${version + 1}`),
}));
if (values.json) console.log(JSON.stringify(listing, null, 2));
else {
  const width = Math.max(...listing.map((entry) => entry.type.length));
  for (const entry of listing) {
    console.log(`${entry.type.padEnd(width)}  v${entry.schemaVersion}  ${entry.fingerprint.slice(0, 12)}  ${entry.upcasters.length ? `upcasters ${entry.upcasters.join(', ')}` : 'no upcasters'}`);
  }
  console.log(`${listing.length} event types (${listing.filter((entry) => entry.schemaVersion > 1).length} with more than one version).`);
}
