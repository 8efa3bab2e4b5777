import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { GENESIS_HASH, type StoredEvent, type StreamPosition } from './envelope';

/**
 * Tamper evidence. Each event's hash covers the previous event's hash and the event's own
 * content, so editing, removing or reordering any stored event breaks the chain from there on.
 * The hash is over the event as stored (before upcasting), in canonical JSON (RFC 8785).
 */

type Hashable = Omit<StoredEvent, 'hash'>;

export function hashEvent(event: Hashable): string {
  const content = {
    streamId: event.streamId,
    version: event.version,
    eventId: event.eventId,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data,
    meta: event.meta,
    tenantId: event.tenantId,
    projectId: event.projectId ?? null,
    prevHash: event.prevHash,
  };
  return createHash('sha256').update(canonicalize(content) ?? '').digest('hex');
}

export interface ChainFinding {
  readonly streamId: string;
  readonly version: number;
  readonly problem: 'gap' | 'out_of_order' | 'broken_link' | 'edited' | 'head_mismatch' | 'snapshot_mismatch';
  readonly detail: string;
}

/**
 * Checks one stream's events, in the order they were read (by version). `head`, when given, is
 * the stream's recorded last position: without it, removing the newest event would go unseen.
 */
export function verifyChain(
  streamId: string,
  events: readonly StoredEvent[],
  head?: StreamPosition,
): ChainFinding[] {
  const findings: ChainFinding[] = [];
  let expectedVersion = 1;
  let prevHash = GENESIS_HASH;
  for (const event of events) {
    if (event.version !== expectedVersion) {
      findings.push({
        streamId,
        version: event.version,
        problem: event.version > expectedVersion ? 'gap' : 'out_of_order',
        detail: `expected version ${expectedVersion}, found ${event.version}`,
      });
    }
    if (event.prevHash !== prevHash) {
      findings.push({ streamId, version: event.version, problem: 'broken_link', detail: 'prevHash does not match the previous event' });
    }
    if (hashEvent(event) !== event.hash) {
      findings.push({ streamId, version: event.version, problem: 'edited', detail: 'content does not match its hash' });
    }
    expectedVersion = event.version + 1;
    prevHash = event.hash;
  }
  if (head && (head.version !== expectedVersion - 1 || head.hash !== prevHash)) {
    findings.push({
      streamId,
      version: head.version,
      problem: 'head_mismatch',
      detail: `stream head says version ${head.version}, events end at ${expectedVersion - 1}`,
    });
  }
  return findings;
}
