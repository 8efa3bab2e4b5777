import type { ReactNode } from 'react';
import { PROJECT_PAUSED_MESSAGE } from '../../events/tenants/messages';
import { isProjectPaused, serverMessage } from '../api/errors';
import { buttonClass } from './button';

/** The states around a list: loading, failed (with a retry), and empty. */

export function ListSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <div role="status" aria-label={label} className="size-8 animate-spin rounded-full border-4 border-gray-300 border-t-blue-600 dark:border-gray-700 dark:border-t-blue-400" />
    </div>
  );
}

export function ListError({ what, error, onRetry, retrying }: { what: string; error: Error; onRetry: () => void; retrying: boolean }) {
  // A client on a project the service holds (issue 31): nothing to retry, the project is paused.
  if (isProjectPaused(error)) {
    return (
      <div role="status" className="mx-auto grid max-w-md gap-2 rounded-lg border border-amber-300 bg-white p-6 text-center dark:border-amber-700 dark:bg-gray-900">
        <p className="font-semibold">{PROJECT_PAUSED_MESSAGE}</p>
        <p className="text-sm text-gray-600 dark:text-gray-400">Everything in it is kept; it opens again when the service resumes it.</p>
      </div>
    );
  }
  return (
    <div role="alert" className="mx-auto grid max-w-md gap-4 rounded-lg border border-red-200 bg-white p-6 text-center dark:border-red-900 dark:bg-gray-900">
      <p className="text-sm">
        Could not load {what}. <span className="text-gray-600 dark:text-gray-400">({serverMessage(error, error.message)})</span>
      </p>
      <button type="button" onClick={onRetry} disabled={retrying} className={`${buttonClass.secondary} justify-self-center`}>
        Try again
      </button>
    </div>
  );
}

export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center dark:border-gray-700 dark:bg-gray-900">
      {icon}
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      {children}
    </div>
  );
}
