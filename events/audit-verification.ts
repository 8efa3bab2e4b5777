import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import type { StoredEvent, StreamPosition } from './envelope';
import { signedDocumentFindings } from './change-orders/signed-documents';
import { verifyChain } from './hash-chain';

/**
 * What `npm run audit:verify` checks, and what the Audit page shows: a project's streams and its
 * signed checkpoints, held to the public audit keys.
 *
 *   - every event's hash (its content as stored), every chain link (prevHash, versions 1, 2, 3 …)
 *     and every stream's head;
 *   - every signed change order's document against the hash its signature recorded;
 *   - the export's own checkpoint, when there is one: signed by one of the keys, for this project,
 *     over exactly these heads (so nothing was rewritten after the app signed it);
 *   - every recorded earlier checkpoint: signed by one of the keys, and the chain still passes
 *     through each head it signed (so no event at or before it changed, even re-hashed in the
 *     database by someone with write access).
 *
 * Depends only on jose, node:crypto and canonical JSON (events/hash-chain.ts, the change orders'
 * document): nothing of the app's storage.
 */

/** functions/audit/checkpoint-signer.ts signs with this type; anything else the key might sign is not a checkpoint. */
export const CHECKPOINT_TYPE = 'cc-audit-checkpoint+jws';

/** The shapes of contract/audit.ts that are checked (the domain does not import the API contract). */
interface StreamHeadEntry extends StreamPosition {
  streamId: string;
}
interface CheckpointPayload {
  projectId: string;
  issuedAt: string;
  heads: StreamHeadEntry[];
}

export interface AuditRecord {
  projectId: string;
  streams: ReadonlyArray<{ streamId: string; head: StreamPosition; events: readonly StoredEvent[] }>;
  /** The export's checkpoint (compact JWS) over exactly these streams' heads; absent when only the chains and earlier checkpoints are checked. */
  checkpoint?: unknown;
  recordedCheckpoints: ReadonlyArray<{ issuedAt: string; reason: string; jws: string }>;
  /**
   * Checkpoints the auditor kept from earlier exports (their own copies): checked like the recorded
   * ones, so deleting recorded checkpoints from the database does not hide a rewrite from them.
   */
  heldCheckpoints?: ReadonlyArray<{ label: string; jws: unknown }>;
}

/** One checked thing: a stream, the export's checkpoint, an earlier checkpoint; `ok` or the reason it fails. */
export interface VerificationLine {
  ok: boolean;
  text: string;
}

export interface Verification {
  /** Every line holds. */
  verified: boolean;
  /** In the order checked: streams, the export's checkpoint, earlier checkpoints. */
  lines: VerificationLine[];
  /** The failing lines' texts, each naming the stream and version (or checkpoint) that fails. */
  failures: string[];
  streams: number;
  events: number;
  /** Signed checkpoints checked (the export's and the recorded ones). */
  checkpoints: number;
}

export async function verifyAuditRecord(record: AuditRecord, jwks: JSONWebKeySet): Promise<Verification> {
  const keys = createLocalJWKSet(jwks);
  const lines: VerificationLine[] = [];
  const failures: string[] = [];
  const fail = (text: string) => {
    failures.push(text);
    lines.push({ ok: false, text });
  };
  const pass = (text: string) => lines.push({ ok: true, text });
  const streams = new Map(record.streams.map((stream) => [stream.streamId, stream]));

  // The chains.
  for (const { streamId, head, events } of record.streams) {
    const before = failures.length;
    const foreign = events.find((event) => event.streamId !== streamId || event.projectId !== record.projectId);
    if (foreign) fail(`${streamId} v${foreign.version}: event of ${foreign.streamId} (project ${foreign.projectId}) listed under this stream`);
    for (const finding of verifyChain(streamId, events, head)) fail(`${finding.streamId} v${finding.version}: ${finding.problem.replaceAll('_', ' ')} (${finding.detail})`);
    // A change order's signature: the document recorded is the one whose hash was signed (issue 30).
    for (const finding of signedDocumentFindings(events)) fail(`${finding.streamId} v${finding.version}: ${finding.problem}`);
    if (failures.length === before) pass(`${streamId} ${events.length} events, head ${head.version} ${head.hash.slice(0, 12)}…`);
  }

  /** A checkpoint's payload if its signature verifies with one of the keys and it is this project's. */
  async function checkpoint(jws: unknown, label: string): Promise<CheckpointPayload | undefined> {
    let payload: CheckpointPayload;
    try {
      if (typeof jws !== 'string') throw new Error('not a compact JWS');
      const verified = await compactVerify(jws, keys, { algorithms: ['ES256'] });
      if (verified.protectedHeader.typ !== CHECKPOINT_TYPE) throw new Error(`typ is ${verified.protectedHeader.typ}, not ${CHECKPOINT_TYPE}`);
      payload = JSON.parse(new TextDecoder().decode(verified.payload));
    } catch (error) {
      fail(`${label}: signature refused (${(error as Error).message}); it was not signed by any of the given keys`);
      return undefined;
    }
    if (payload.projectId !== record.projectId || !Array.isArray(payload.heads) || !payload.heads.every(isHead)) {
      fail(`${label}: signed for project ${payload.projectId}, not this export's ${record.projectId}, or malformed`);
      return undefined;
    }
    return payload;
  }

  // The export's own checkpoint: exactly these heads, signed.
  if (record.checkpoint !== undefined) {
    const before = failures.length;
    const signed = await checkpoint(record.checkpoint, "the export's checkpoint");
    if (signed) {
      const signedHeads = new Map(signed.heads.map((head) => [head.streamId, head]));
      for (const { streamId, head } of record.streams) {
        const at = signedHeads.get(streamId);
        if (!at) fail(`${streamId} v${head.version}: not in the signed checkpoint`);
        else if (at.version !== head.version || at.hash !== head.hash) fail(`${streamId} v${head.version}: head differs from the signed checkpoint (signed v${at.version} ${at.hash.slice(0, 12)}…)`);
      }
      for (const head of signed.heads) if (!streams.has(head.streamId)) fail(`${head.streamId} v${head.version}: in the signed checkpoint but missing from the export`);
      if (failures.length === before) pass(`checkpoint of ${signed.issuedAt}: ${signed.heads.length} stream heads, signed`);
    }
  }

  // Earlier checkpoints, recorded by the app or held by the auditor: the chain must still pass through every head they signed.
  const earlierCheckpoints = [
    ...record.recordedCheckpoints.map((recorded, index) => ({ label: `checkpoint ${index + 1} (${recorded.reason}, ${recorded.issuedAt})`, jws: recorded.jws as unknown })),
    ...(record.heldCheckpoints ?? []),
  ];
  for (const { label, jws } of earlierCheckpoints) {
    const earlier = await checkpoint(jws, label);
    if (!earlier) continue;
    const before = failures.length;
    for (const head of earlier.heads) {
      const event = streams.get(head.streamId)?.events.find((candidate) => candidate.version === head.version);
      if (!event) fail(`${head.streamId} v${head.version}: signed by ${label}, missing from the export`);
      else if (event.hash !== head.hash) fail(`${head.streamId} v${head.version}: changed since ${label} (an event at or before it was rewritten)`);
    }
    if (failures.length === before) pass(`${label}: ${earlier.heads.length} stream heads still on the chain`);
  }

  return {
    verified: failures.length === 0,
    lines,
    failures,
    streams: record.streams.length,
    events: record.streams.reduce((sum, stream) => sum + stream.events.length, 0),
    checkpoints: (record.checkpoint === undefined ? 0 : 1) + earlierCheckpoints.length,
  };
}

export function isHead(head: unknown): head is StreamHeadEntry {
  const { streamId, version, hash } = (head ?? {}) as Record<string, unknown>;
  return typeof streamId === 'string' && Number.isInteger(version) && typeof hash === 'string';
}
