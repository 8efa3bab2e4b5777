import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Work that can wait for the page's first look (first-draw.ts): the service worker, the device copy, the outbox. */
describe('first draw', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const started = async (firstDrawn: () => Promise<void>) => {
    let done = false;
    void firstDrawn().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('lets work start at once on a page that holds nothing', async () => {
    const { firstDrawn } = await import('./first-draw');
    expect(await started(firstDrawn)).toBe(true);
  });

  it('holds work until the page says its first look is drawn', async () => {
    const { firstDrawDone, firstDrawn, holdUntilFirstDraw } = await import('./first-draw');
    holdUntilFirstDraw();
    expect(await started(firstDrawn)).toBe(false);
    firstDrawDone();
    expect(await started(firstDrawn)).toBe(true);
  });

  it('lets work start anyway when the first look never comes (a failed read, a sign-in screen)', async () => {
    const { firstDrawn, holdUntilFirstDraw } = await import('./first-draw');
    holdUntilFirstDraw();
    let done = false;
    void firstDrawn().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(done).toBe(true);
  });
});
