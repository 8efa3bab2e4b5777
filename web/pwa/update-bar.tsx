import { LoaderCircle, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useWaitingUpdate } from './update-state';

/**
 * 'New version available' with a Reload button, at the bottom of the screen while a new version
 * of the app waits. The message sits in a polite live region that is always in the page, so a
 * screen reader announces it when it appears. Reload lets the new version take over; the page
 * reloads when it does (web/pwa/register.ts). A spacer keeps the page's end from hiding under it.
 */
export function UpdateBar() {
  const apply = useWaitingUpdate();
  const [reloading, setReloading] = useState(false);
  const shown = apply !== null;
  const reload = async () => {
    setReloading(true);
    await apply?.();
    // The new version reloads the page as it takes over; should it not, reload anyway (the bar comes back if it still waits).
    setTimeout(() => window.location.reload(), 5000);
  };
  return (
    <>
      {shown && <div aria-hidden="true" className="h-24 sm:h-20" />}
      <div
        className={
          shown
            ? 'fixed inset-x-0 bottom-0 z-50 flex items-center justify-between gap-3 border-t border-gray-200 bg-white px-4 py-3 shadow-lg sm:inset-x-auto sm:bottom-4 sm:left-4 sm:rounded-lg sm:border dark:border-gray-700 dark:bg-gray-900 print:hidden'
            : 'sr-only'
        }
      >
        <p role="status" className="text-sm font-medium">
          {shown ? 'New version available' : ''}
        </p>
        {shown && (
          <button
            type="button"
            onClick={() => void reload()}
            disabled={reloading}
            aria-busy={reloading}
            className="inline-flex min-h-9 items-center gap-2 rounded-md bg-blue-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
          >
            {reloading ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <RefreshCw aria-hidden="true" className="size-4" />}
            Reload
          </button>
        )}
      </div>
    </>
  );
}
