import {
  Bath,
  BedDouble,
  BookOpen,
  ChefHat,
  ChevronDown,
  ChevronRight,
  Fence,
  Gamepad2,
  House,
  LoaderCircle,
  Pencil,
  Plus,
  Sofa,
  Trash2,
  Trees,
  UtensilsCrossed,
  WashingMachine,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { memo, use, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Role } from '../../events/accounts/schemas';
import { sectionsFor, type RoomType, type Section } from '../../events/projects/model';
import { displayName, suggestedRename } from '../../events/projects/room-naming';
import { sectionItemName } from '../../events/projects/template';
import { iconButtonClass } from '../components/button';
import { useRoomItems, type ChecklistItem, type Room } from './api';
import { ItemCard, PrintingContext, type ItemActions } from './item-card';
import { badgeTone, roomProgress, type BadgeTone } from './model';
import { useAddItem, useDeleteRoom, useItemActions, useRenameRoom } from './mutations';
import { queueBatch } from './render-queue';
import { cardClass, ConfirmDelete, smallButtonClass, smallInputClass } from './ui';

/** A room card (spec section 2): collapse toggle, icon, name, rename, progress badge, delete; then its sections. */

const roomIcons: Record<RoomType, LucideIcon> = {
  whole_home: House,
  kitchen: ChefHat,
  bathroom: Bath,
  bedroom: BedDouble,
  living_room: Sofa,
  dining_room: UtensilsCrossed,
  study: BookOpen,
  laundry: WashingMachine,
  bonus_room: Gamepad2,
  exterior: Fence,
  landscape: Trees,
  mechanicals: Wrench,
};

const badgeClass: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-500/15 dark:text-green-300 dark:ring-green-400/30',
  amber: 'bg-amber-100 text-amber-800 ring-amber-600/30 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-400/30',
  grey: 'bg-gray-100 text-gray-700 ring-gray-500/20 dark:bg-gray-500/15 dark:text-gray-300 dark:ring-gray-400/30',
};

const smallIconButton = iconButtonClass.replace('size-9', 'size-8');

/** Item cards drawn per batch (see render-queue.ts). */
const BATCH = 20;

export const RoomCard = memo(function RoomCard({ room, role, getRooms }: { room: Room; role: Role; getRooms: () => readonly Room[] }) {
  const printing = use(PrintingContext);
  const [open, setOpen] = useState(true);
  const items = useRoomItems(room.id);
  const name = displayName(room);
  const progress = items.data ? roomProgress(items.data) : { completed: room.completedItems, total: room.totalItems };
  const tone = badgeTone(progress.completed, progress.total);
  const expanded = open || printing;
  const Icon = roomIcons[room.type] ?? House;
  const titleId = `room-title-${room.id}`;
  const bodyId = `room-body-${room.id}`;
  const contractor = role === 'contractor';

  return (
    <section aria-labelledby={titleId} data-room-id={room.id} className={`${cardClass} flex min-w-0 flex-col`}>
      <div className="flex items-center gap-1.5 border-b border-gray-200 p-3 dark:border-gray-800">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
          onClick={() => setOpen((value) => !value)}
          className={`${smallIconButton} print:hidden`}
        >
          {expanded ? <ChevronDown aria-hidden="true" className="size-4" /> : <ChevronRight aria-hidden="true" className="size-4" />}
        </button>
        <Icon aria-hidden="true" className="size-5 shrink-0 text-blue-600 dark:text-blue-400" />
        <RoomName room={room} name={name} titleId={titleId} canRename={contractor} getRooms={getRooms} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 px-3 pt-3">
        <span
          data-testid="room-badge"
          data-tone={tone}
          className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${badgeClass[tone]}`}
        >
          {progress.completed}/{progress.total} Complete
        </span>
        {contractor && room.type !== 'whole_home' && <DeleteRoomButton room={room} name={name} />}
      </div>
      {expanded && (
        <div id={bodyId} className="grid gap-4 p-3">
          {items.isPending ? (
            <div className="flex justify-center py-6">
              <LoaderCircle role="status" aria-label="Loading items" className="size-6 animate-spin text-gray-400" />
            </div>
          ) : items.isError ? (
            <div role="alert" className="grid gap-2 text-sm">
              <p>Could not load this room's items.</p>
              <button type="button" className={`${smallButtonClass.secondary} justify-self-start`} onClick={() => void items.refetch()}>
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

function RoomName({ room, name, titleId, canRename, getRooms }: { room: Room; name: string; titleId: string; canRename: boolean; getRooms: () => readonly Room[] }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const pencilRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const rename = useRenameRoom(room);

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const stop = () => {
    setEditing(false);
    requestAnimationFrame(() => pencilRef.current?.focus());
  };
  const save = () => {
    const customName = draft.trim();
    // Spec section 5: a blank name is not saved.
    if (!customName) return;
    rename.mutate(customName, { onSuccess: stop });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stop();
    }
  };

  if (editing) {
    return (
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">
        <h3 id={titleId} className="sr-only">
          {name}
        </h3>
        <input
          ref={inputRef}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-label="Room name"
          maxLength={100}
          className={`${smallInputClass} w-auto min-w-[8rem] flex-1`}
        />
        <div className="flex gap-1">
          <button type="button" className={smallButtonClass.primary} onClick={save} disabled={!draft.trim() || rename.isPending} aria-busy={rename.isPending}>
            Save
          </button>
          <button type="button" className={smallButtonClass.secondary} onClick={stop}>
            Cancel
          </button>
        </div>
      </div>
    );
  }

  return (
    <>
      <h3 id={titleId} className="min-w-0 flex-1 text-base font-semibold break-words">
        {name}
      </h3>
      {canRename && (
        <button
          ref={pencilRef}
          type="button"
          aria-label={`Rename ${name}`}
          title="Rename room"
          onClick={() => {
            setDraft(suggestedRename(room, getRooms()));
            setEditing(true);
          }}
          className={`${smallIconButton} print:hidden`}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </button>
      )}
    </>
  );
}

function DeleteRoomButton({ room, name }: { room: Room; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const remove = useDeleteRoom(room);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setConfirming(true)}
        disabled={remove.isPending}
        aria-label={`Delete ${name}`}
        title="Delete room"
        className={`${smallButtonClass.secondary} text-red-600 hover:text-red-700 print:hidden dark:text-red-400`}
      >
        <Trash2 aria-hidden="true" className="size-3.5" />
        Delete
      </button>
      <ConfirmDelete what="room" name={name} open={confirming} onOpenChange={setConfirming} onConfirm={() => remove.mutate()} returnFocusTo={buttonRef} />
    </>
  );
}

/**
 * When a room draws its items: 'near' once it comes near the screen (its batches go first),
 * 'late' shortly after the page has settled otherwise (so far-away rooms do not slow the first
 * paint, yet all are there for find-in-page and printing).
 */
const LATE_MOUNT_MS = 400;
type Readiness = 'near' | 'late' | null;

function useReadiness(ref: RefObject<HTMLElement | null>): Readiness {
  const [readiness, setReadiness] = useState<Readiness>(() => (typeof IntersectionObserver === 'undefined' ? 'near' : null));
  useEffect(() => {
    const element = ref.current;
    if (readiness === 'near' || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setReadiness('near'), { rootMargin: '800px 0px' });
    observer.observe(element);
    const timer = readiness === null ? setTimeout(() => setReadiness((value) => value ?? 'late'), LATE_MOUNT_MS) : undefined;
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [readiness, ref]);
  return readiness;
}

function byOrder(a: ChecklistItem, b: ChecklistItem) {
  return a.order - b.order;
}

function RoomSections({ room, items, role }: { room: Room; items: ChecklistItem[]; role: Role }) {
  const printing = use(PrintingContext);
  const ref = useRef<HTMLDivElement>(null);
  const readiness = useReadiness(ref);
  const actions = useItemActions(room.id, room.projectId);
  const sections = useMemo(
    () => sectionsFor(room.type).map((section) => ({ section, items: items.filter((item) => section.categories.includes(item.category)).sort(byOrder) })),
    [room.type, items],
  );

  // Items appear a batch at a time, through the page's render queue (printing draws them all).
  const [limit, setLimit] = useState(0);
  useEffect(() => {
    if (!readiness || limit >= items.length) return;
    return queueBatch(() => setLimit((value) => value + BATCH), readiness === 'near');
  }, [readiness, limit, items.length]);

  let budget = printing ? Number.POSITIVE_INFINITY : limit;
  return (
    <div ref={ref} className="grid gap-4">
      {sections.map(({ section, items: sectionItems }) => {
        const visible = sectionItems.slice(0, Math.max(0, budget));
        budget -= visible.length;
        return (
          <RoomSection
            key={section.title}
            room={room}
            section={section}
            items={sectionItems}
            visible={visible}
            allItems={items}
            role={role}
            actions={actions}
          />
        );
      })}
    </div>
  );
}

function RoomSection({
  room,
  section,
  items,
  visible,
  allItems,
  role,
  actions,
}: {
  room: Room;
  section: Section;
  items: ChecklistItem[];
  visible: ChecklistItem[];
  allItems: ChecklistItem[];
  role: Role;
  actions: ItemActions;
}) {
  const add = useAddItem(room.id, room.projectId);
  const specialFeatures = section.categories[0] === 'special_features';
  const headingId = `section-${room.id}-${section.title.replace(/\W+/g, '-')}`;
  const onAdd = () => {
    const category = section.categories[0];
    if (!category) return;
    add.mutate({
      roomId: room.id,
      category,
      name: sectionItemName(section.title, allItems.map((item) => item.name)),
      itemType: 'single',
      cabinetDetails: null,
      order: allItems.reduce((max, item) => Math.max(max, item.order), -1) + 1,
      sectionTitle: section.title,
    });
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-gray-700 dark:text-gray-300">
          {section.title}
        </h4>
        {role === 'contractor' && (
          <button type="button" onClick={onAdd} disabled={add.isPending} aria-busy={add.isPending} className={`${smallButtonClass.secondary} print:hidden`}>
            {add.isPending ? <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> : <Plus aria-hidden="true" className="size-3.5" />}
            {specialFeatures ? 'Add Special Feature' : 'Add Item'}
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <p className="text-xs text-gray-500 dark:text-gray-400">No items yet.</p>
      ) : (
        <div className="grid gap-2">
          {visible.map((item) => (
            <ItemCard key={item.id} item={item} role={role} actions={actions} />
          ))}
          {visible.length < items.length && (
            <p role="status" className="text-xs text-gray-500 dark:text-gray-400">
              Loading {items.length - visible.length} more…
            </p>
          )}
        </div>
      )}
    </section>
  );
}
