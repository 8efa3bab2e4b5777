import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a read the screen waits for has nothing kept on the device and waits for the network
 * (offline, its fetch paused): then the screen says so instead of showing a loading state that
 * will not end. A read that has its data (or still fetches) does not count.
 */
export function useReadWaitingForNetwork(matches: (query: Query) => boolean): boolean {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  return useSyncExternalStore(subscribe, () =>
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.data === undefined && query.state.fetchStatus === 'paused' && matches(query)),
  );
}
