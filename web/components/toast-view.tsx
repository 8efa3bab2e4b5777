import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** The toasts' UI, loaded after the page draws (see toast.tsx). */

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** Overrides the 5000 ms default (the development reset-link toast stays 10000 ms). */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

const variantClass = {
  default: 'border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100',
  destructive: 'border-red-700 bg-red-600 text-white dark:border-red-800 dark:bg-red-800',
} as const;

export default function ToastView({ shown, duration: defaultDuration, onDismiss }: { shown: readonly ToastEntry[]; duration: number; onDismiss: (id: number) => void }) {
  return (
    <RadixToast.Provider duration={defaultDuration} swipeDirection="right" swipeThreshold={50}>
      {shown.map(({ id, open, title, description, variant = 'default', duration }) => (
        <RadixToast.Root
          key={id}
          open={open}
          onOpenChange={(isOpen) => !isOpen && onDismiss(id)}
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
