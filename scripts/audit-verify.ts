/**
 * `npm run audit:verify -- FILE --jwks FILE_OR_URL`: checks a project's audit export (GET
 * /api/projects/{id}/audit-export) offline, with no AWS and no running app:
 *
 *   - every event's hash (its content as stored), every chain link (prevHash, versions 1, 2, 3 …)
 *     and every stream's head;
 *   - the export's checkpoint: signed by one of the given keys, for this project, over exactly
 *     these heads (so nothing in the file was rewritten after the app signed it);
 *   - every recorded earlier checkpoint: signed by one of the keys, and the chain still passes
 *     through each head it signed (so no event at or before it changed, even re-hashed in the
 *     database by someone with write access).
 *
 * Prints one line per stream; exits 0 when everything holds, 1 naming each stream and version that
 * fails, 2 on a usage error. The checks are events/audit-verification.ts (the Audit page shows the
 * same), which depends only on jose and the hash of events/hash-chain.ts.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { JSONWebKeySet } from 'jose';
import type { AuditExport } from '../contract/audit';
import { isHead, verifyAuditRecord } from '../events/audit-verification';
import type { StoredEvent } from '../events/envelope';

const usage = `Usage: npm run audit:verify -- EXPORT.json --jwks KEYS [--earlier OLD.json ...]

  EXPORT.json      a project's audit export (GET /api/projects/{id}/audit-export)
  --jwks KEYS      the app's public audit keys: a JWKS file or URL, e.g.
                   http://localhost:3000/api/audit/keys or https://<your app>/api/audit/keys
  --earlier OLD    an earlier export of the same project that you kept: every checkpoint in it
                   must still hold in EXPORT.json (repeatable). Catches a rewrite even if the
                   checkpoints the app recorded were deleted from its database.

--jwks is required: a key that came inside the export would prove nothing (whoever rewrote the
file could have put their own there). Take the keys from the app itself, or from a copy you trust.`;

const { values, positionals } = parseArgs({ options: { jwks: { type: 'string' }, earlier: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
if (values.help || positionals.length !== 1 || !values.jwks) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}

const exported = readExport(positionals[0]!);
const heldCheckpoints = (values.earlier ?? []).flatMap((file) => {
  const earlier = readExport(file);
  if (earlier.projectId !== exported.projectId) {
    console.log(`FAIL ${file}: an export of project ${earlier.projectId}, not ${exported.projectId}`);
    process.exit(1);
  }
  return [
    { label: `kept checkpoint (${file}, ${earlier.exportedAt})`, jws: earlier.checkpoint as unknown },
    ...earlier.recordedCheckpoints.map((recorded, index) => ({ label: `kept checkpoint ${index + 1} of ${file} (${recorded.reason}, ${recorded.issuedAt})`, jws: recorded.jws as unknown })),
  ];
});
const result = await verifyAuditRecord({ ...exported, heldCheckpoints }, await readJwks(values.jwks));
for (const line of result.lines) console.log(`${line.ok ? 'ok  ' : 'FAIL'} ${line.text}`);
if (!result.verified) {
  console.log(`\n${result.failures.length} problem(s): the export of project ${exported.projectId} does NOT verify.`);
  process.exit(1);
}
console.log(`\nThe export of project ${exported.projectId} verifies: ${result.streams} streams, ${result.events} events, ${result.checkpoints} signed checkpoints.`);
process.exit(0);

async function readJwks(source: string): Promise<JSONWebKeySet> {
  try {
    const text = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : readFileSync(source, 'utf8');
    const jwks = JSON.parse(text) as JSONWebKeySet;
    if (!Array.isArray(jwks.keys) || !jwks.keys.length) throw new Error('no keys in it');
    return jwks;
  } catch (error) {
    console.error(`Cannot read the keys from ${source}: ${(error as Error).message}`);
    process.exit(2);
  }
}

/** The export, checked for shape before anything is trusted: a malformed file is a failure, not a crash. */
function readExport(file: string): AuditExport {
  let document: AuditExport;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    process.exit(2);
  }
  const streamShape = (stream: unknown) => {
    const { streamId, head, events } = (stream ?? {}) as Record<string, unknown>;
    return typeof streamId === 'string' && isHead({ streamId, ...(head as object) }) && Array.isArray(events) && events.every((event) => typeof event === 'object' && event !== null && Number.isInteger((event as StoredEvent).version));
  };
  if (
    typeof document?.projectId !== 'string' ||
    !Array.isArray(document.streams) ||
    !document.streams.every(streamShape) ||
    typeof document.checkpoint !== 'string' ||
    !Array.isArray(document.recordedCheckpoints)
  ) {
    console.log(`FAIL ${file}: not an audit export (projectId, streams with head and events, checkpoint, recordedCheckpoints)`);
    process.exit(1);
  }
  return document;
}
