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
 * fails, 2 on a usage error. Depends only on node:crypto, jose and the hash of events/hash-chain.ts.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import type { AuditExport, CheckpointPayload, StreamHeadEntry } from '../contract/audit';
import type { StoredEvent } from '../events/envelope';
import { verifyChain } from '../events/hash-chain';

const usage = `Usage: npm run audit:verify -- EXPORT.json --jwks KEYS

  EXPORT.json   a project's audit export (GET /api/projects/{id}/audit-export)
  --jwks KEYS   the app's public audit keys: a JWKS file or URL, e.g.
                http://localhost:3000/api/audit/keys or https://<your app>/api/audit/keys

--jwks is required: a key that came inside the export would prove nothing (whoever rewrote the
file could have put their own there). Take the keys from the app itself, or from a copy you trust.`;

const { values, positionals } = parseArgs({ options: { jwks: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
if (values.help || positionals.length !== 1 || !values.jwks) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}

const failures: string[] = [];
const fail = (line: string) => {
  failures.push(line);
  console.log(`FAIL ${line}`);
};

/** functions/audit/checkpoint-signer.ts says the same (this tool imports nothing of the app). */
const CHECKPOINT_TYPE = 'cc-audit-checkpoint+jws';

const keys = createLocalJWKSet(await readJwks(values.jwks));
const exported = readExport(positionals[0]!);
const streams = new Map(exported.streams.map((stream) => [stream.streamId, stream]));

// The chains.
for (const { streamId, head, events } of exported.streams) {
  const before = failures.length;
  const foreign = events.find((event) => event.streamId !== streamId || event.projectId !== exported.projectId);
  if (foreign) fail(`${streamId} v${foreign.version}: event of ${foreign.streamId} (project ${foreign.projectId}) listed under this stream`);
  for (const finding of verifyChain(streamId, events, head)) fail(`${finding.streamId} v${finding.version}: ${finding.problem.replaceAll('_', ' ')} (${finding.detail})`);
  if (failures.length === before) console.log(`ok   ${streamId} ${events.length} events, head ${head.version} ${head.hash.slice(0, 12)}…`);
}

// The export's own checkpoint: exactly these heads, signed.
const beforeCheckpoint = failures.length;
const signed = await checkpoint(exported.checkpoint, 'the export\'s checkpoint');
if (signed) {
  const signedHeads = new Map(signed.heads.map((head) => [head.streamId, head]));
  for (const { streamId, head } of exported.streams) {
    const at = signedHeads.get(streamId);
    if (!at) fail(`${streamId} v${head.version}: not in the signed checkpoint`);
    else if (at.version !== head.version || at.hash !== head.hash) fail(`${streamId} v${head.version}: head differs from the signed checkpoint (signed v${at.version} ${at.hash.slice(0, 12)}…)`);
  }
  for (const head of signed.heads) if (!streams.has(head.streamId)) fail(`${head.streamId} v${head.version}: in the signed checkpoint but missing from the export`);
  if (failures.length === beforeCheckpoint) console.log(`ok   checkpoint of ${signed.issuedAt}: ${signed.heads.length} stream heads, signed`);
}

// Earlier checkpoints: the chain must still pass through every head they signed.
for (const [index, recorded] of exported.recordedCheckpoints.entries()) {
  const label = `checkpoint ${index + 1} (${recorded.reason}, ${recorded.issuedAt})`;
  const earlier = await checkpoint(recorded.jws, label);
  if (!earlier) continue;
  const before = failures.length;
  for (const head of earlier.heads) {
    const event = streams.get(head.streamId)?.events.find((candidate) => candidate.version === head.version);
    if (!event) fail(`${head.streamId} v${head.version}: signed by ${label}, missing from the export`);
    else if (event.hash !== head.hash) fail(`${head.streamId} v${head.version}: changed since ${label} (an event at or before it was rewritten)`);
  }
  if (failures.length === before) console.log(`ok   ${label}: ${earlier.heads.length} stream heads still on the chain`);
}

if (failures.length) {
  console.log(`\n${failures.length} problem(s): the export of project ${exported.projectId} does NOT verify.`);
  process.exit(1);
}
console.log(`\nThe export of project ${exported.projectId} verifies: ${exported.streams.length} streams, ${exported.streams.reduce((sum, s) => sum + s.events.length, 0)} events, 1 + ${exported.recordedCheckpoints.length} signed checkpoints.`);
process.exit(0);

/** A checkpoint's payload if its signature verifies with one of the keys and it is this project's; a failure line otherwise. */
async function checkpoint(jws: unknown, label: string): Promise<CheckpointPayload | undefined> {
  let payload: CheckpointPayload;
  try {
    if (typeof jws !== 'string') throw new Error('not a compact JWS');
    const verified = await compactVerify(jws, keys, { algorithms: ['ES256'] });
    // The app's key signs checkpoints only; anything else it might sign is not one.
    if (verified.protectedHeader.typ !== CHECKPOINT_TYPE) throw new Error(`typ is ${verified.protectedHeader.typ}, not ${CHECKPOINT_TYPE}`);
    payload = JSON.parse(new TextDecoder().decode(verified.payload));
  } catch (error) {
    fail(`${label}: signature refused (${(error as Error).message}); it was not signed by any of the given keys`);
    return undefined;
  }
  if (payload.projectId !== exported.projectId || !Array.isArray(payload.heads) || !payload.heads.every(isHead)) {
    fail(`${label}: signed for project ${payload.projectId}, not this export's ${exported.projectId}, or malformed`);
    return undefined;
  }
  return payload;
}

function isHead(head: unknown): head is StreamHeadEntry {
  const { streamId, version, hash } = (head ?? {}) as Record<string, unknown>;
  return typeof streamId === 'string' && Number.isInteger(version) && typeof hash === 'string';
}

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
