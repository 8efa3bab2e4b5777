import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyAuditRecord } from '../audit-verification';
import { GENESIS_HASH, type StoredEvent } from '../envelope';
import { hashEvent } from '../hash-chain';
import { canonicalDocument } from './document';
import type { ChangeOrderDocument } from './events';
import { signedDocumentFindings } from './signed-documents';

const document: ChangeOrderDocument = {
  changeOrderId: 'co-1',
  project: { id: 'project-1', name: 'Maple House' },
  title: 'Brass faucet',
  description: 'Brushed brass instead of chrome',
  items: [{ id: 'item-1', name: 'Kitchen faucet' }],
  priceChangeCents: 34000,
  scheduleDays: 5,
  version: 2,
};
const documentHash = createHash('sha256').update(canonicalDocument(document)).digest('hex');

/** A change order stream of one signature, its chain hashed as written (so it verifies whatever the data says). */
function signedStream(signed: ChangeOrderDocument, recordedHash: string): StoredEvent[] {
  const unhashed = {
    streamId: 'changeOrder#co-1',
    version: 1,
    eventId: '01J00000000000000000000001',
    type: 'ChangeOrderSigned',
    schemaVersion: 1,
    data: { signedAt: '2026-11-27T02:00:00.000Z', signedBy: 'k1', fullName: 'pii1:person:k1:0123456789abcdef:AAAA', userAgent: 'Mozilla/5.0', documentHash: recordedHash, document: signed },
    tenantId: 'tenant-1',
    projectId: 'project-1',
    meta: { actorId: 'k1', role: 'client' as const, displayName: 'Jane Client', at: '2026-11-27T02:00:00.000Z', requestId: 'r1' },
    prevHash: GENESIS_HASH,
  };
  return [{ ...unhashed, hash: hashEvent(unhashed) }];
}

const recordOf = (events: StoredEvent[]) => ({
  projectId: 'project-1',
  streams: [{ streamId: 'changeOrder#co-1', head: { version: 1, hash: events[0]!.hash }, events }],
  recordedCheckpoints: [],
});

describe('signed change order documents in the audit', () => {
  it('given a signature whose document hashes to the recorded hash, then nothing is found and the record verifies', async () => {
    const events = signedStream(document, documentHash);
    expect(signedDocumentFindings(events)).toEqual([]);
    expect((await verifyAuditRecord(recordOf(events), { keys: [] })).verified).toBe(true);
  });

  it('given a document altered with its hash kept (and the chain hashed again, so it holds), then the verifier fails naming the stream and version', async () => {
    const events = signedStream({ ...document, priceChangeCents: 3400 }, documentHash);
    const verification = await verifyAuditRecord(recordOf(events), { keys: [] });
    expect(verification.verified).toBe(false);
    expect(verification.failures).toEqual([expect.stringMatching(/^changeOrder#co-1 v1: the signed change order's document hashes to [0-9a-f]{12}…, not the recorded [0-9a-f]{12}…$/)]);
  });

  it('given a signature without its document, then it is found', () => {
    const [event] = signedStream(document, documentHash);
    expect(signedDocumentFindings([{ ...event!, data: { documentHash } }])).toHaveLength(1);
  });
});
