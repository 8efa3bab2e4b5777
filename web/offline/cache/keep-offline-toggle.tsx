import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { CloudCheck, CloudDownload } from 'lucide-react';
import { setPinned, usePinned } from './pins';
import { prefetchWholeProject } from './prefetch-project';

/**
 * 'Keep offline' for one project (a toggle button: pressed while pinned). Pinning reads the
 * project whole at once when there is a network, and keeps it on the device past the 30 days
 * (prefetch-project.ts, persisted-queries.ts). `labelClass` lets a tight header hide the words on
 * small screens (the name stays, as the title and for screen readers).
 */
export function KeepOfflineToggle({ projectId, className, labelClass = '', iconClass = 'size-5' }: { projectId: string; className: string; labelClass?: string; iconClass?: string }) {
  const queryClient = useQueryClient();
  const pinned = usePinned(projectId);
  const toggle = () => {
    void setPinned(projectId, !pinned);
    if (!pinned && onlineManager.isOnline()) void prefetchWholeProject(queryClient, projectId);
  };
  const Icon = pinned ? CloudCheck : CloudDownload;
  return (
    <button
      type="button"
      aria-pressed={pinned}
      onClick={toggle}
      title={pinned ? 'Kept offline on this device' : 'Keep offline on this device'}
      className={`${className} ${pinned ? 'text-blue-700 dark:text-blue-300' : ''}`}
    >
      <Icon aria-hidden="true" className={`${iconClass} shrink-0`} />
      <span className={labelClass}>Keep offline</span>
    </button>
  );
}
