import { describe, expect, it } from 'vitest';
import type { ChangeOrder } from '../../contract/change-orders';
import { renderChangeOrder } from './change-order-html';

const document = {
  changeOrderId: 'co-1',
  project: { id: 'p1', name: 'Maple <House>' },
  title: 'Brass faucet',
  description: 'Brushed brass\n<script>alert(1)</script>',
  items: [{ id: 'i1', name: 'Kitchen faucet' }],
  priceChangeCents: -2550,
  scheduleDays: 1,
  version: 2,
};
const changeOrder: ChangeOrder = {
  id: 'co-1',
  projectId: 'p1',
  projectName: 'Maple <House>',
  title: 'Brass faucet',
  description: document.description,
  itemIds: ['i1'],
  items: document.items,
  priceChangeCents: -2550,
  scheduleDays: 1,
  status: 'sent',
  version: 2,
  documentHash: 'a'.repeat(64),
  document,
  supersedes: null,
  supersededBy: null,
  createdAt: '2026-11-27T01:00:00.000Z',
  updatedAt: '2026-11-27T01:00:00.000Z',
  sentAt: '2026-11-27T01:00:00.000Z',
  signature: null,
  decline: null,
};

describe('the change order PDF page', () => {
  it('given a sent one, then it shows the document escaped, and no signature block', () => {
    const { html } = renderChangeOrder(changeOrder, new Date('2026-11-27T02:00:00Z'));
    expect(html).toMatch(/<h1>Change order: (<!-- -->)?Brass faucet<\/h1>/);
    expect(html).toContain('Maple &lt;House&gt;');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('−$25.50');
    expect(html).toContain('+1 day');
    expect(html).not.toContain('Signed by');
  });

  it('given a signed one, then the signature block names the signer, the time (UTC) and the hash', () => {
    const signed = { ...changeOrder, status: 'signed' as const, signature: { fullName: 'Jane Client', signedAt: '2026-11-27T02:00:00.000Z', signedBy: 'k1', userAgent: 'x', documentHash: 'b'.repeat(64) } };
    const { html } = renderChangeOrder(signed, new Date('2026-11-27T02:00:00Z'));
    expect(html).toContain('Jane Client');
    expect(html).toContain('November 27, 2026 at 2:00 AM UTC');
    expect(html).toContain('b'.repeat(64));
  });
});
