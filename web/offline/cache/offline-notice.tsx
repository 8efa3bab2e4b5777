import type { QueryKey } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { relativeAge, useChecklistDataAge, useNow, useOldestRead } from './data-age';
import { useOnline } from './online';

/**
 * 'Offline — showing data from 12 minutes ago', on the projects list and the checklist while the
 * device has no network: what is on screen is the copy kept on the device, and this old (the
 * oldest read among what the screen shows: data-age.ts). The notice is a polite status that is
 * always in the page, so a screen reader hears when the network goes.
 */
type Shown = { projectId: string } | { listKey: QueryKey };

export function OfflineNotice({ shown, className = '' }: { shown: Shown; className?: string }) {
  const online = useOnline();
  return (
    <div role="status" className={online ? 'sr-only' : className}>
      {!online && ('projectId' in shown ? <ChecklistAge projectId={shown.projectId} /> : <ListAge listKey={shown.listKey} />)}
    </div>
  );
}

function ChecklistAge({ projectId }: { projectId: string }) {
  return <Notice readAt={useChecklistDataAge(projectId)} />;
}

function ListAge({ listKey }: { listKey: QueryKey }) {
  return <Notice readAt={useOldestRead(() => [listKey])} />;
}

function Notice({ readAt }: { readAt: number | undefined }) {
  const now = useNow();
  return (
    <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{readAt === undefined ? 'Offline — nothing of this page is saved on this device yet' : `Offline — showing data from ${relativeAge(readAt, Math.max(now, readAt))}`}</span>
    </p>
  );
}
