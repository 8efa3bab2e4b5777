import { createHash } from 'node:crypto';
import type { StoredEvent } from '../envelope';
import { canonicalDocument } from './document';
import type { ChangeOrderDocument } from './events';

/**
 * The audit's check of change order signatures (issue 30): each ChangeOrderSigned event carries
 * the document the client signed and its SHA-256; the hash of the canonical document, computed
 * again, must be the one recorded. The hash chain proves the event was not changed since it was
 * written; this proves the recorded hash is the document's, so the document is what was signed.
 */

export interface SignatureFinding {
  readonly streamId: string;
  readonly version: number;
  readonly problem: string;
}

export function signedDocumentFindings(events: readonly Pick<StoredEvent, 'streamId' | 'version' | 'type' | 'data'>[]): SignatureFinding[] {
  const findings: SignatureFinding[] = [];
  for (const event of events) {
    if (event.type !== 'ChangeOrderSigned') continue;
    const { document, documentHash } = (event.data ?? {}) as { document?: ChangeOrderDocument; documentHash?: unknown };
    const computed = document && typeof document === 'object' ? createHash('sha256').update(canonicalDocument(document)).digest('hex') : undefined;
    if (computed === undefined || computed !== documentHash) {
      findings.push({
        streamId: event.streamId,
        version: event.version,
        problem: `the signed change order's document hashes to ${computed?.slice(0, 12) ?? 'nothing'}…, not the recorded ${String(documentHash).slice(0, 12)}…`,
      });
    }
  }
  return findings;
}
