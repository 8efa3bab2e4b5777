import type { ProjectStatus } from '../../events/projects/model';

/** Spec section 4: active green, completed blue, paused yellow, cancelled red; the label is capitalised. */
const statusClass: Record<ProjectStatus, string> = {
  active: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-500/15 dark:text-green-300 dark:ring-green-400/30',
  completed: 'bg-blue-100 text-blue-800 ring-blue-600/20 dark:bg-blue-500/15 dark:text-blue-300 dark:ring-blue-400/30',
  paused: 'bg-yellow-100 text-yellow-800 ring-yellow-600/30 dark:bg-yellow-500/15 dark:text-yellow-300 dark:ring-yellow-400/30',
  cancelled: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-400/30',
};
const otherClass = 'bg-gray-100 text-gray-800 ring-gray-500/20 dark:bg-gray-500/15 dark:text-gray-300 dark:ring-gray-400/30';

export const statusLabel = (status: string): string => (status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown');

export function StatusBadge({ status }: { status: string }) {
  const tone = statusClass[status as ProjectStatus] ?? otherClass;
  return (
    <span data-status={status} className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${tone}`}>
      {statusLabel(status)}
    </span>
  );
}
