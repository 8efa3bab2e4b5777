import { get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import { PINS_KEY, queryCacheStore } from './store';

/**
 * 'Keep offline': the projects a person pinned on this device (kept in IndexedDB beside the query
 * cache). A pinned project is read whole whenever there is a network and kept past the 30 days
 * after which other checklists are let go (persist.ts).
 */

let pins: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Reads the pins stored on this device (at boot, with the query cache). */
export async function loadPins(): Promise<void> {
  pins = new Set((await get<string[]>(PINS_KEY, queryCacheStore)) ?? []);
  changed();
}

export const pinnedProjects = (): ReadonlySet<string> => pins;

export async function setPinned(projectId: string, pinned: boolean): Promise<void> {
  const next = new Set(pins);
  if (pinned) next.add(projectId);
  else next.delete(projectId);
  pins = next;
  changed();
  await set(PINS_KEY, [...next], queryCacheStore);
}

/** After sign-out: the next person starts with none (the stored copy goes with the cache: forget.ts). */
export function dropPins(): void {
  pins = new Set();
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePinned(projectId: string): boolean {
  return useSyncExternalStore(subscribe, () => pins.has(projectId));
}
