import { ChevronDown, ChevronRight, House, LoaderCircle } from 'lucide-react';
import { lazy, memo, Suspense, use, useEffect, useRef, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Room } from '../../contract/projects';
import type { Role } from '../../events/accounts/schemas';
import { displayName } from '../../events/projects/room-naming';
import { queries } from '../api/queries';
import { useConflictOf } from '../offline/outbox/hooks';
import { DeleteRoomButton } from './delete-room-button';
import { badgeTone, roomProgress, type BadgeTone } from './model';
import { PrintingContext } from '../components/printing';
import { roomIcons } from './room-icons';
import { RoomName } from './room-name';
import { RoomSections } from './room-sections';
import { cardButtonClass, cardClass, cardIconButtonClass } from './ui';

/** A room card (spec section 2): collapse toggle, icon, name, rename, progress badge, delete; then its sections. */

const badgeClass: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-500/15 dark:text-green-300 dark:ring-green-400/30',
  amber: 'bg-amber-100 text-amber-800 ring-amber-600/30 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-400/30',
  grey: 'bg-gray-100 text-gray-700 ring-gray-500/20 dark:bg-gray-500/15 dark:text-gray-300 dark:ring-gray-400/30',
};

// Fetched with the first conflict to show (issue 29: most pages never have one).
const DecisionPanel = lazy(() => import('../offline/outbox/decision-panel').then((module) => ({ default: module.DecisionPanel })));

/** How long a room added from the add-room bar stays marked. */
const JUST_ADDED_MS = 2000;

export const RoomCard = memo(function RoomCard({ room, role, getRooms, justAdded = false }: { room: Room; role: Role; getRooms: () => readonly Room[]; justAdded?: boolean }) {
  const printing = use(PrintingContext);
  const cardRef = useRef<HTMLElement>(null);
  const marked = useJustAdded(cardRef, justAdded);
  const [open, setOpen] = useState(true);
  const items = useQuery(queries.roomItems(room.id));
  const name = displayName(room);
  const progress = items.data ? roomProgress(items.data) : { completed: room.completedItems, total: room.totalItems };
  const tone = badgeTone(progress.completed, progress.total);
  const expanded = open || printing;
  const Icon = roomIcons[room.type] ?? House;
  const titleId = `room-title-${room.id}`;
  const bodyId = `room-body-${room.id}`;
  const contractor = role === 'contractor';
  // Issue 29: a rename that met someone else's, both kept until the person decides.
  const conflict = useConflictOf({ roomId: room.id });

  return (
    <section
      ref={cardRef}
      aria-labelledby={titleId}
      data-room-id={room.id}
      data-just-added={marked || undefined}
      className={`${cardClass} room-card flex min-w-0 flex-col`}
    >
      <div className="flex flex-wrap items-center gap-1 border-b border-gray-200 px-1 sm:px-2 sm:py-1.5 dark:border-gray-800">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
          onClick={() => setOpen((value) => !value)}
          className={`${cardIconButtonClass} print:hidden`}
        >
          {expanded ? <ChevronDown aria-hidden="true" className="size-4" /> : <ChevronRight aria-hidden="true" className="size-4" />}
        </button>
        <Icon aria-hidden="true" className="size-5 shrink-0 text-blue-600 dark:text-blue-400" />
        <RoomName room={room} name={name} titleId={titleId} canRename={contractor} getRooms={getRooms} />
        <span
          data-testid="room-badge"
          data-tone={tone}
          className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${badgeClass[tone]}`}
        >
          {progress.completed}/{progress.total} Complete
        </span>
        {contractor && room.type !== 'whole_home' && <DeleteRoomButton room={room} name={name} />}
      </div>
      {conflict && (
        <div className="px-1.5 pt-1.5 sm:px-2">
          <Suspense fallback={null}>
            <DecisionPanel conflict={conflict} />
          </Suspense>
        </div>
      )}
      {expanded && (
        <div id={bodyId} className="p-1.5 sm:p-2">
          {items.isPending ? (
            <div className="flex justify-center py-6">
              <LoaderCircle role="status" aria-label="Loading items" className="size-6 animate-spin text-gray-400" />
            </div>
          ) : items.isError ? (
            <div role="alert" className="grid gap-2 text-sm">
              <p>Could not load this room's items.</p>
              <button type="button" className={`${cardButtonClass.secondary} justify-self-start`} onClick={() => void items.refetch()}>
                Try again
              </button>
            </div>
          ) : (
            <RoomSections room={room} items={items.data} role={role} />
          )}
        </div>
      )}
    </section>
  );
});

/**
 * A room just added from the add-room bar (issue 16): brought into view and marked for a moment,
 * as it may land far from the bar. Returns whether the mark shows.
 */
function useJustAdded(ref: RefObject<HTMLElement | null>, justAdded: boolean): boolean {
  const [marked, setMarked] = useState(justAdded);
  useEffect(() => {
    if (!justAdded) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
    setMarked(true);
    const timer = setTimeout(() => setMarked(false), JUST_ADDED_MS);
    return () => clearTimeout(timer);
  }, [justAdded, ref]);
  return marked;
}
