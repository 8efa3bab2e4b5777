import { setTimeout as sleep } from 'node:timers/promises';

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * The sign-in throttle counts in fixed 15-minute windows and the mail and export allowances in
 * clock hours (functions/accounts/throttle.ts), so a test that spends an allowance and then expects
 * its 429 fails when a window ends halfway (the fresh-clone CI at 4c3f31f crossed 11:00 in one).
 * Called first in such a test: when fewer than `seconds` are left in this quarter hour (every hour
 * starts with one), it waits for the next.
 */
export async function awayFromWindowEdge(seconds = 90): Promise<void> {
  const left = QUARTER_HOUR_MS - (Date.now() % QUARTER_HOUR_MS);
  if (left < seconds * 1000) await sleep(left + 1000);
}
