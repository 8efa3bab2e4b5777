import { describe, expect, it } from 'vitest';
import { PHOTO_BUDGET_BYTES, PHOTO_MAX_ENTRIES, photoBytesBudget } from './photo-cache';

describe("the service worker's photo cache budget (issue 29)", () => {
  it('is 200 photos and 60 MB, the byte budget written out in the code Workbox copies into sw.js', () => {
    expect(PHOTO_MAX_ENTRIES).toBe(200);
    expect(PHOTO_BUDGET_BYTES).toBe(60 * 1024 * 1024);
    const source = String(photoBytesBudget.cacheDidUpdate);
    expect(source).toContain(String(PHOTO_BUDGET_BYTES));
    // Copied as an expression on its own: an arrow function, naming nothing outside itself.
    expect(source).toMatch(/^async \(/);
  });
});
