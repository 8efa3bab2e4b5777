import { useEffect, useState } from 'react';

/**
 * The page's first look, and the work that can wait for it (issue 32): the service worker, the
 * device's copy of the reads, the outbox's machinery, the punch-list line. On a slow phone that
 * work shared the network and the main thread with the checklist's first room cards; now a page
 * that draws in steps holds it until its main content is drawn. Without a hold it starts as
 * before. A hold ends on its own after HOLD_LIMIT_MS (a failed read, a sign-in screen instead).
 */

const HOLD_LIMIT_MS = 8000;

let release: (() => void) | undefined;
let drawn: Promise<void> = Promise.resolve();
let isDrawn = true;

/** Work waits for `firstDrawDone()` (called by the page once its main content is drawn). */
export function holdUntilFirstDraw(): void {
  if (release) return;
  isDrawn = false;
  drawn = new Promise((resolve) => {
    release = () => {
      isDrawn = true;
      resolve();
    };
    setTimeout(release, HOLD_LIMIT_MS);
  });
}

export function firstDrawDone(): void {
  release?.();
}

/** Resolves once the page's first look is drawn (at once without a hold). */
export const firstDrawn = (): Promise<void> => drawn;

/** False until the page's first look is drawn. */
export function useFirstDrawn(): boolean {
  const [done, setDone] = useState(isDrawn);
  useEffect(() => {
    if (!done) void drawn.then(() => setDone(true));
  }, [done]);
  return done;
}
