import { describe, expect, it } from 'vitest';
import { plans } from '../../events/tenants/plans';
import { quotaExceeded, quotaMessage } from './quotas';

/** The plan's words (issue 31), as the design and the web say them. */
describe('quota messages', () => {
  it('name the limit of the plan, word for word', () => {
    const standard = plans.standard;
    expect(['activeProjects', 'seats', 'storageBytes', 'pdfExportsPerDay'].map((name) => quotaMessage(name as never, standard))).toEqual([
      'Your plan allows 25 active projects',
      'Your plan allows 10 seats',
      'Your plan allows 50 GB of photos',
      'Your plan allows 100 PDF exports a day',
    ]);
    expect(quotaMessage('storageBytes', { ...standard, storageBytes: 1.5 * 1024 ** 3 })).toBe('Your plan allows 1.5 GB of photos');
  });

  it('refuse with 403, the field errors keyed by the limit', () => {
    expect(quotaExceeded('seats', plans.starter)).toMatchObject({ kind: 'forbidden', message: 'Your plan allows 2 seats', fieldErrors: { seats: ['Your plan allows 2 seats'] } });
  });
});
