import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * Toasts as spec section 9 sets them: one shown at a time (a new one replaces the old), 5000 ms,
 * swipe right past 50 px to dismiss, F8 focuses the region; a dismissed toast is dropped from the
 * store after 1,000,000 ms. A module store, so any code (mutation callbacks included) can call
 * `toast()`; <Toaster /> in the root layout shows them.
 */

const TOAST_LIMIT = 1;
const TOAST_DURATION = 5000;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** Overrides the 5000 ms default (the development reset-link toast stays 10000 ms). */
  duration?: number;
}

interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

let entries: readonly ToastEntry[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function update(next: readonly ToastEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toast(options: ToastOptions): void {
  update([{ ...options, id: ++lastId, open: true }, ...entries].slice(0, TOAST_LIMIT));
}

function dismiss(id: number) {
  update(entries.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  setTimeout(() => update(entries.filter((entry) => entry.id !== id)), TOAST_REMOVE_DELAY);
}

const variantClass = {
  default: 'border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100',
  destructive: 'border-red-700 bg-red-600 text-white dark:border-red-800 dark:bg-red-800',
} as const;

export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => entries);
  return (
    <RadixToast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {shown.map(({ id, open, title, description, variant = 'default', duration }) => (
        <RadixToast.Root
          key={id}
          open={open}
          onOpenChange={(isOpen) => !isOpen && dismiss(id)}
          duration={duration}
          className={`toast relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg ${variantClass[variant]}`}
        >
          <div className="grid min-w-0 gap-1">
            <RadixToast.Title className="text-sm font-semibold">{title}</RadixToast.Title>
            {description !== undefined && <RadixToast.Description className="text-sm break-words opacity-90">{description}</RadixToast.Description>}
          </div>
          <RadixToast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
          >
            <X aria-hidden="true" className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      />
    </RadixToast.Provider>
  );
}
