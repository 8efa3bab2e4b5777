import { CloudOff } from 'lucide-react';

/**
 * Offline, in place of a read that has nothing kept on the device (its fetch waits for the
 * network): says so, instead of a loading state that would not end. `text` says what is missing.
 */
export function NotKeptOffline({ text }: { text: string }) {
  return (
    <div role="status" className="mx-auto grid w-full max-w-md justify-items-center gap-2 rounded-lg border border-dashed border-gray-300 bg-white px-6 py-10 text-center dark:border-gray-700 dark:bg-gray-900">
      <CloudOff aria-hidden="true" className="size-10 text-gray-500 dark:text-gray-400" />
      <p className="text-lg font-semibold">You are offline</p>
      <p className="text-sm text-gray-600 dark:text-gray-400">{text}</p>
    </div>
  );
}
