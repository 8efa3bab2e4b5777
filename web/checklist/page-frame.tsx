import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, FilePen, LoaderCircle, Save, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Project } from '../../contract/projects';
import type { User } from '../../events/accounts/schemas';
import { UserMenu } from '../auth/app-header';
import { ChatAndHistoryButtons } from '../chat/chat-controls';
import { iconButtonClass } from '../components/button';
import { ThemeToggle } from '../components/theme';
import { KeepOfflineToggle } from '../offline/cache/keep-offline-toggle';
import { NotKeptOffline } from '../offline/cache/not-kept';
import { OfflineNotice } from '../offline/cache/offline-notice';
import { useReadWaitingForNetwork } from '../offline/cache/waiting-reads';
import { refreshProject } from '../api/refresh-project';

/** The checklist page's header, and the frame it draws while there is no project to show. */

/**
 * What stands in for the checklist while it is read (issue 16: steady loading): the summary,
 * progress and lock box cards and a first room, each the size of what replaces it, and no
 * figures ('0 of 0') before there are any.
 */
export function ChecklistSkeleton() {
  // Offline, a project not kept on the device waits for the network: say so rather than pulse on.
  const waiting = useReadWaitingForNetwork((query) => query.queryKey[0] === 'projects' && query.queryKey[2] === 'checklist');
  const block = 'animate-pulse rounded-lg border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900';
  if (waiting) return <NotKeptOffline text="This project is not kept on this device: it opens here when the connection is back." />;
  return (
    <div role="status" aria-label="Loading project" className="grid gap-4">
      <div className={`${block} h-[15.5rem] sm:h-[11.25rem] lg:h-[9.5rem]`} />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className={`${block} h-[5.25rem]`} />
        <div className={`${block} h-[5.25rem]`} />
      </div>
      <div className={`${block} h-[24rem]`} />
    </div>
  );
}

/** The header and main area around a page without a project (loading, failed, none). */
export function PageFrame({ user, pending = false, children }: { user: User; pending?: boolean; children: ReactNode }) {
  return (
    <>
      <ChecklistHeader user={user} pending={pending} />
      {/* The action bar's place, so the page does not move when it comes. */}
      {pending && <div aria-hidden="true" className="h-[5.3125rem] border-b border-gray-200 sm:h-[3.4375rem] dark:border-gray-800" />}
      <main className={mainClass}>{children}</main>
    </>
  );
}

export const mainClass = 'mx-auto grid w-full max-w-7xl content-start gap-4 px-4 py-4 sm:px-6 sm:py-6';

const headerButtonClass = `${iconButtonClass} relative w-auto min-w-9 gap-1.5 px-2 text-sm font-medium`;

export function ChecklistHeader({ user, project, pending = false }: { user: User; project?: Project; pending?: boolean }) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const saveProgress = async () => {
    if (!project) return;
    setSaving(true);
    try {
      await refreshProject(queryClient, project.id);
    } finally {
      setSaving(false);
    }
  };

  return (
    <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        {/* On a phone the controls wrap under the titles instead of squeezing them. */}
        <div className="flex min-w-0 shrink grow basis-36 items-center gap-2">
          {user.role === 'contractor' && (
            <Link to="/" title="Back to Projects" className={`${headerButtonClass} shrink-0 print:hidden`}>
              <ArrowLeft aria-hidden="true" className="size-5" />
              <span className="sr-only lg:not-sr-only">Back to Projects</span>
            </Link>
          )}
          <div className="min-w-0">
            <p className="truncate text-xs font-medium text-gray-500 sm:text-sm dark:text-gray-400">Construction Checklist</p>
            {project && <p className="line-clamp-2 text-base font-bold break-words sm:text-lg">{project.name}</p>}
            {/* The name's line, kept while the project is read, so the page does not move when it comes. */}
            {pending && <p aria-hidden="true" className="my-1 h-4 w-40 animate-pulse rounded bg-gray-200 sm:h-5 dark:bg-gray-800" />}
          </div>
        </div>
        {/* On a narrow phone with every control showing (offline, syncing) they wrap rather than overflow. */}
        <div className="ml-auto flex max-w-full shrink-0 flex-wrap items-center justify-end gap-0.5 sm:gap-1 print:hidden">
          <ThemeToggle />
          {project && (
            <>
              <ChatAndHistoryButtons projectId={project.id} projectName={project.name} user={user} buttonClass={headerButtonClass} />
              <button type="button" onClick={() => void saveProgress()} disabled={saving} aria-busy={saving} className={headerButtonClass} title="Save Progress">
                {saving ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : <Save aria-hidden="true" className="size-5" />}
                <span className="sr-only md:not-sr-only">Save Progress</span>
              </button>
              <Link to="/project/$id/change-orders" params={{ id: project.id }} className={headerButtonClass} title="Change orders">
                <FilePen aria-hidden="true" className="size-5" />
                <span className="sr-only md:not-sr-only">Change orders</span>
              </Link>
              <Link to="/project/$id/audit" params={{ id: project.id }} className={headerButtonClass} title="Audit trail">
                <ShieldCheck aria-hidden="true" className="size-5" />
                <span className="sr-only md:not-sr-only">Audit</span>
              </Link>
              <KeepOfflineToggle projectId={project.id} className={headerButtonClass} labelClass="sr-only xl:not-sr-only" />
            </>
          )}
          <UserMenu user={user} compact />
        </div>
      </div>
      {/* Issue 29: offline, how old the checklist on screen is. */}
      {project && <OfflineNotice shown={{ projectId: project.id }} className="mx-auto max-w-7xl px-4 pb-3 sm:px-6 print:hidden" />}
    </header>
  );
}
