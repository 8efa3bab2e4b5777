import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ToastEntry, ToastOptions } from './toast-view';

export type { ToastOptions };

/**
 * Toasts as spec section 9 sets them: one shown at a time (a new one replaces the old), 5000 ms,
 * swipe right past 50 px to dismiss, F8 focuses the region; a dismissed toast is dropped from the
 * store after 1,000,000 ms. A module store, so any code (mutation callbacks included) can call
 * `toast()`; <Toaster /> in the root layout shows them. The toasts' UI (Radix Toast, ~10 KB gzip)
 * is fetched after the page has drawn, or at the first toast, never before a page draws (issue 14).
 */

const TOAST_LIMIT = 1;
const TOAST_DURATION = 5000;
const TOAST_REMOVE_DELAY = 1_000_000;

let entries: readonly ToastEntry[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function update(next: readonly ToastEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

const currentToasts = () => entries;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loadView = () => import('./toast-view');
const WARM_AFTER_MS = 3000;
const ToastView = lazy(loadView);

export function toast(options: ToastOptions): void {
  void loadView();
  update([{ ...options, id: ++lastId, open: true }, ...entries].slice(0, TOAST_LIMIT));
}

function dismiss(id: number) {
  update(entries.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  setTimeout(() => update(entries.filter((entry) => entry.id !== id)), TOAST_REMOVE_DELAY);
}

/** Nothing until the first toast; then the view, which stays (its F8 region included). */
export function Toaster() {
  // The same answers on the server (web/prerender.tsx): none yet.
  const shown = useSyncExternalStore(subscribe, currentToasts, currentToasts);
  const everShown = useSyncExternalStore(subscribe, () => lastId > 0, () => lastId > 0);
  useEffect(() => {
    // Fetched once the page has settled, so a later first toast shows without waiting for it. Not
    // at the first idle moment: that comes while the page's own code and data are on their way, and
    // a slow phone would fetch the toasts' code before it draws (issue 16). A toast sooner fetches it.
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = requestIdleCallback(() => void loadView());
      else void loadView();
    }, WARM_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);
  if (!everShown) return null;
  return (
    <Suspense fallback={null}>
      <ToastView shown={shown} duration={TOAST_DURATION} onDismiss={dismiss} />
    </Suspense>
  );
}
