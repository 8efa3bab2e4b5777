import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../envelope';
import { catalogue } from '../registered-events';

/** PhotoPublished v2 (issue 30): a v1 event, written before evidence was taken, reads with the evidence null. */

describe('PhotoPublished', () => {
  it('upcasts v1 (objectPath, contentType, bytes) to v2 with sha256, capture time and place null', () => {
    const v1 = { type: 'PhotoPublished', schemaVersion: 1, data: { objectPath: '/objects/a.png', contentType: 'image/png', bytes: 68 } } as unknown as StoredEvent;
    expect(catalogue.upcast(v1)).toMatchObject({
      schemaVersion: 2,
      data: { objectPath: '/objects/a.png', contentType: 'image/png', bytes: 68, sha256: null, capturedAt: null, capturedAtSource: null, location: null },
    });
  });
});
