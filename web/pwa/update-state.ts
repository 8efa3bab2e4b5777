import { useSyncExternalStore } from 'react';

/**
 * Whether a new version of the app waits to take over, and how to let it (web/pwa/register.ts
 * sets it; the update bar reads it). Kept outside React so the worker's code can load after the
 * first paint and still reach the bar.
 */

type Apply = () => Promise<void>;
let waiting: Apply | null = null;
const listeners = new Set<() => void>();

export function setWaitingUpdate(apply: Apply | null): void {
  waiting = apply;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The waiting version's activation, or null when the running version is the newest known. */
export function useWaitingUpdate(): Apply | null {
  // The same on the server (web/prerender.tsx): no version waits.
  return useSyncExternalStore(subscribe, () => waiting, () => waiting);
}
