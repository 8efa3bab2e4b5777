import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the device has a network, as TanStack Query sees it: reads wait while offline (their
 * fetch pauses and the cached data stays on screen) and resume when it returns. Shared by the
 * offline notice, the 'Needs a connection' buttons and the outbox (W2).
 */

/**
 * Query's own manager starts out believing it is online and learns only from `online`/`offline`
 * events: a page opened with no signal must say so from the start. Called once at boot.
 */
export function followNetworkState(): void {
  onlineManager.setOnline(navigator.onLine);
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** True while the device has a network; the component draws again when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
