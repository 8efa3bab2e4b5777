import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ClipboardList, Pencil, Plus, RotateCcw, Wrench } from 'lucide-react';
import { lazy, useEffect, useId, useMemo, useState } from 'react';
import type { ChecklistRoom } from '../../contract/projects';
import type { PunchItem, PunchStatus } from '../../contract/punch';
import type { User } from '../../events/accounts/schemas';
import { displayName } from '../../events/projects/room-naming';
import { thumbnailPathOf } from '../../events/uploads/object-paths';
import { queries } from '../api/queries';
import { serverMessage } from '../api/errors';
import { useProjectLiveUpdates } from '../live/live-updates';
import { buttonClass } from '../components/button';
import { inputClass } from '../components/input';
import { EmptyState, ListError, ListSpinner } from '../components/list-states';
import { OnceOpened } from '../components/once-opened';
import { ProjectSubpage } from '../auth/project-subpage';
import { toast } from '../components/toast';
import { changePunchItem, countsOf, punchItemsQuery } from './punch-api';
import type { PunchSearch } from './punch-search';
import { assigneeText, savedOffline, statusLabels } from './punch-words';

// Fetched at their first opening.
const AddPunchDialog = lazy(() => import('./add-punch-dialog'));
const MarkFixedDialog = lazy(() => import('./punch-status-dialogs').then((module) => ({ default: module.MarkFixedDialog })));
const ReopenDialog = lazy(() => import('./punch-status-dialogs').then((module) => ({ default: module.ReopenDialog })));
const EditPunchDialog = lazy(() => import('./add-punch-dialog').then((module) => ({ default: module.EditPunchDialog })));

const filters: readonly { value: PunchStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'fixed', label: 'Fixed' },
  { value: 'accepted', label: 'Accepted' },
];

const badgeTone: Record<PunchStatus, string> = {
  open: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  fixed: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-700 dark:bg-blue-950 dark:text-blue-200',
  accepted: 'border-green-300 bg-green-50 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-200',
};

/**
 * A project's punch list (issue 30): what is still wrong, room by room, filtered by status and
 * room (in the URL). The contractor marks an item fixed; the client accepts a fixed one or reopens
 * it with a reason; either adds one. Another person's change arrives by the project's live notice.
 */
export function PunchListPage({ projectId, user, search, onSearch }: { projectId: string; user: User; search: PunchSearch; onSearch: (search: PunchSearch) => void }) {
  useProjectLiveUpdates(projectId);
  const queryClient = useQueryClient();
  const list = useQuery(punchItemsQuery(projectId));
  const checklist = useQuery(queries.checklist(projectId));
  // A live notice of a punch item refreshes the checklist's read (its counts): the list follows.
  const checklistAt = checklist.dataUpdatedAt;
  useEffect(() => {
    if (checklistAt) void queryClient.invalidateQueries({ queryKey: punchItemsQuery(projectId).queryKey, exact: true });
  }, [checklistAt, projectId, queryClient]);
  const [adding, setAdding] = useState(false);
  const roomSelect = useId();
  const rooms = checklist.data?.rooms ?? [];
  const items = list.data ?? [];
  const counts = countsOf(items);
  const shown = useMemo(() => items.filter((item) => (!search.status || item.status === search.status) && (!search.room || item.roomId === search.room)), [items, search.status, search.room]);
  const byRoom = rooms.map((room) => ({ room, items: shown.filter((item) => item.roomId === room.id) })).filter((group) => group.items.length > 0);
  const awaiting = user.role === 'client' ? 'awaiting your check' : "awaiting the client's check";

  return (
    <>
      <ProjectSubpage
        user={user}
        projectId={projectId}
        title="Punch list"
        projectName={checklist.data?.project.name}
        action={
          <button type="button" onClick={() => setAdding(true)} className={buttonClass.primary}>
            <Plus aria-hidden="true" className="size-4" />
            Add punch item
          </button>
        }
        below={
          <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="punch-counts">
            {counts.punchOpen} open · {counts.punchFixed} {awaiting} · {counts.punchAccepted} accepted
          </p>
        }
      >
        <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
          <div role="group" aria-label="Status" className="inline-flex overflow-hidden rounded-md border border-gray-300 dark:border-gray-700">
            {filters.map((filter) => {
              const active = search.status === filter.value;
              return (
                <button
                  key={filter.label}
                  type="button"
                  aria-pressed={active}
                  onClick={() => onSearch({ ...search, status: filter.value })}
                  className={`min-h-9 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 ${active ? 'bg-blue-600 text-white' : 'bg-white text-gray-900 hover:bg-gray-100 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800'}`}
                >
                  {filter.label}
                </button>
              );
            })}
          </div>
          <div className="grid gap-1">
            <label htmlFor={roomSelect} className="text-sm font-medium">
              Room
            </label>
            <select id={roomSelect} value={search.room ?? ''} onChange={(event) => onSearch({ ...search, room: event.target.value || undefined })} className={`${inputClass} min-w-48`}>
              <option value="">All rooms</option>
              {rooms.map((room) => (
                <option key={room.id} value={room.id}>
                  {displayName(room)}
                </option>
              ))}
            </select>
          </div>
        </div>

        {list.isPending ? (
          <ListSpinner label="Loading punch list" />
        ) : list.isError ? (
          <ListError what="the punch list" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : byRoom.length === 0 ? (
          <EmptyState icon={<ClipboardList aria-hidden="true" className="size-10 text-gray-400" />} title={items.length ? 'No punch items match these filters' : 'No punch items yet'}>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{items.length ? 'Choose another status or room.' : 'Add what is still to fix, room by room.'}</p>
          </EmptyState>
        ) : (
          byRoom.map(({ room, items: inRoom }) => <RoomPunch key={room.id} room={room} items={inRoom} role={user.role} />)
        )}
      </ProjectSubpage>
      <OnceOpened open={adding}>
        <AddPunchDialog projectId={projectId} open={adding} onOpenChange={setAdding} roomId={search.room} />
      </OnceOpened>
    </>
  );
}

function RoomPunch({ room, items, role }: { room: ChecklistRoom; items: readonly PunchItem[]; role: 'contractor' | 'client' }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="flex items-baseline gap-2 text-lg font-semibold">
        {displayName(room)} <span className="text-sm font-normal text-gray-600 dark:text-gray-400">{items.length === 1 ? '1 item' : `${items.length} items`}</span>
      </h2>
      <ul className="grid gap-3">
        {items.map((item) => (
          <li key={item.id}>
            <PunchCard item={item} role={role} itemName={room.items.find((entry) => entry.id === item.itemId)?.name} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PunchCard({ item, role, itemName }: { item: PunchItem; role: 'contractor' | 'client'; itemName: string | undefined }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'fixed' | 'reopen' | 'edit' | null>(null);
  // Its author, or the contractor (who runs the job), changes it while it is open.
  const editable = item.status === 'open' && (role === 'contractor' || item.addedByMe);
  const [accepting, setAccepting] = useState(false);
  const titleId = useId();
  const accept = async () => {
    setAccepting(true);
    try {
      const result = await changePunchItem(queryClient, item, { status: 'accepted' });
      toast(result.status === 'waiting' ? savedOffline : { title: 'Accepted' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'The change was not saved. Please try again.') });
    } finally {
      setAccepting(false);
    }
  };
  const photos = [...item.photos, ...(item.fixPhoto && item.status !== 'open' ? [item.fixPhoto] : [])];
  return (
    <article aria-labelledby={titleId} data-testid="punch-item" className="grid gap-2 rounded-lg border border-gray-200 bg-white p-3 shadow-sm sm:p-4 dark:border-gray-800 dark:bg-gray-900">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-base font-semibold break-words">
          {item.title}
        </h3>
        <span data-testid="punch-status" className={`rounded-full border px-2 py-0.5 text-xs font-medium ${badgeTone[item.status]}`}>
          {statusLabels[item.status]}
        </span>
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
        <div className="flex gap-1">
          <dt className="font-medium">Assignee:</dt>
          <dd>{assigneeText(item.assignee)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium">Due:</dt>
          <dd>{item.dueDate ?? 'No date'}</dd>
        </div>
        {itemName && (
          <div className="flex gap-1">
            <dt className="font-medium">Item:</dt>
            <dd>{itemName}</dd>
          </div>
        )}
        <div className="flex gap-1">
          <dt className="font-medium">Added by:</dt>
          <dd>{item.addedByMe ? 'You' : item.addedBy === 'client' ? 'Client' : 'Contractor'}</dd>
        </div>
      </dl>
      {item.note && <p className="text-sm break-words whitespace-pre-wrap">{item.note}</p>}
      {item.status === 'open' && item.reopenReason && (
        <p className="rounded-md bg-amber-50 px-2 py-1 text-sm break-words text-amber-900 dark:bg-amber-950 dark:text-amber-200">Reopened: {item.reopenReason}</p>
      )}
      {item.status !== 'open' && item.fixNote && <p className="text-sm break-words text-gray-700 dark:text-gray-300">Fix: {item.fixNote}</p>}
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {photos.map((path, index) => (
            <li key={`${path}-${index}`}>
              <a href={path} target="_blank" rel="noreferrer" className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
                <img src={thumbnailPathOf(path)} alt={path === item.fixPhoto && index >= item.photos.length ? `Photo of the fix of ${item.title}` : `Photo ${index + 1} of ${item.title}`} loading="lazy" className="size-20 rounded-md border border-gray-200 object-cover dark:border-gray-700" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {editable && (
          <button type="button" onClick={() => setDialog('edit')} className={`${buttonClass.secondary} px-3 py-1.5`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </button>
        )}
        {role === 'contractor' && item.status === 'open' && (
          <button type="button" onClick={() => setDialog('fixed')} className={`${buttonClass.secondary} px-3 py-1.5`}>
            <Wrench aria-hidden="true" className="size-4" />
            Mark fixed
          </button>
        )}
        {role === 'client' && item.status === 'fixed' && (
          <button type="button" onClick={() => void accept()} disabled={accepting} className={`${buttonClass.success} px-3 py-1.5`}>
            <Check aria-hidden="true" className="size-4" />
            Accept
          </button>
        )}
        {role === 'client' && item.status !== 'open' && (
          <button type="button" onClick={() => setDialog('reopen')} className={`${buttonClass.secondary} px-3 py-1.5`}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Reopen
          </button>
        )}
      </div>
      <OnceOpened open={dialog === 'fixed'}>
        <MarkFixedDialog item={item} open={dialog === 'fixed'} onOpenChange={(open) => setDialog(open ? 'fixed' : null)} />
      </OnceOpened>
      <OnceOpened open={dialog === 'edit'}>
        <EditPunchDialog item={item} open={dialog === 'edit'} onOpenChange={(open) => setDialog(open ? 'edit' : null)} />
      </OnceOpened>
      <OnceOpened open={dialog === 'reopen'}>
        <ReopenDialog item={item} open={dialog === 'reopen'} onOpenChange={(open) => setDialog(open ? 'reopen' : null)} />
      </OnceOpened>
    </article>
  );
}
