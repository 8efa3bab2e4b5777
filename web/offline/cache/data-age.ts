import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Room } from '../../../contract/projects';
import { queryKeys } from '../../api/query-keys';

/** How old the data on screen is: the oldest time any of it was read from the server. */

/** The oldest `dataUpdatedAt` among `keys` that hold data (undefined: none do); redrawn as the cache changes. */
export function useOldestRead(keysOf: () => readonly QueryKey[]): number | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  return useSyncExternalStore(subscribe, () => {
    let oldest: number | undefined;
    for (const key of keysOf()) {
      const state = queryClient.getQueryState(key);
      if (state?.data !== undefined && (oldest === undefined || state.dataUpdatedAt < oldest)) oldest = state.dataUpdatedAt;
    }
    return oldest;
  });
}

/** A checklist's reads: the project, its stats, its rooms and each room's items. */
export function useChecklistDataAge(projectId: string): number | undefined {
  const queryClient = useQueryClient();
  return useOldestRead(() => {
    const rooms = queryClient.getQueryData<readonly Room[]>(queryKeys.rooms(projectId)) ?? [];
    return [queryKeys.checklist(projectId), queryKeys.stats(projectId), queryKeys.rooms(projectId), ...rooms.map((room) => queryKeys.items(room.id))];
  });
}

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
  ['second', 1000],
];
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** '12 minutes ago', '3 hours ago', 'yesterday', '5 days ago' (the largest whole unit; 1 second at the least). */
export function relativeAge(then: number, now: number): string {
  const age = Math.max(0, now - then);
  const [unit, size] = units.find(([, size]) => age >= size) ?? units.at(-1)!;
  return relative.format(-Math.max(1, Math.floor(age / size)), unit);
}

/** The current time, every 15 seconds while shown (a notice that says '30 seconds ago' must move on). */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
