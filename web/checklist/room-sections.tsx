import { LoaderCircle, Plus } from 'lucide-react';
import { use, useEffect, useMemo, useRef, useState } from 'react';
import type { ChecklistItem, Room } from '../../contract/projects';
import type { Role } from '../../events/accounts/schemas';
import { sectionsFor, type Section } from '../../events/projects/model';
import { displayName } from '../../events/projects/room-naming';
import { sectionItemName } from '../../events/projects/template';
import { ItemCard, type ItemActions } from './item-card';
import { cardKind } from './model';
import { useAddItem, useItemActions } from './mutations';
import { PrintingContext } from '../components/printing';
import { queueBatch } from './render-queue';
import { cardButtonClass } from './ui';
import { useReadiness } from './use-readiness';

/** A room's sections (spec section 2) with their items and add-item actions; items are drawn a batch at a time. */

/**
 * Up to this many items a room's sections flow in balanced columns; past it each section lays its
 * items out in a grid instead: a multi-column box lays out all of its content again on every
 * change (a keystroke in one card), which made typing lag in a room of 300 items (p50 175 ms from key to frame, 45 ms with the grid).
 */
const COLUMN_FLOW_MAX_ITEMS = 60;

/** Item cards drawn per batch (see render-queue.ts). */
const BATCH = 20;

function byOrder(a: ChecklistItem, b: ChecklistItem) {
  return a.order - b.order;
}

export function RoomSections({ room, items, role }: { room: Room; items: ChecklistItem[]; role: Role }) {
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
    // Sections flow in columns as wide as the card allows (issue 16: a wide room uses its width).
    <div ref={ref} className="room-sections" data-flow={items.length > COLUMN_FLOW_MAX_ITEMS ? 'grid' : 'columns'}>
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
    // Named with its room as well: every room has a 'Standard Finishes' (axe landmark-unique).
    <section aria-label={`${section.title}, ${displayName(room)}`} className="room-section">
      <div className="room-section-heading flex items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-gray-700 dark:text-gray-300">
          {section.title}
          {/* An empty section says so on its heading's line. */}
          {items.length === 0 && <span className="ml-1.5 text-xs font-normal text-gray-500 dark:text-gray-400">No items yet.</span>}
        </h4>
        {role === 'contractor' && (
          <button type="button" onClick={onAdd} disabled={add.isPending} aria-busy={add.isPending} className={`${cardButtonClass.secondary} shrink-0 whitespace-nowrap print:hidden`}>
            {add.isPending ? <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> : <Plus aria-hidden="true" className="size-3.5" />}
            {specialFeatures ? 'Add Special Feature' : 'Add Item'}
          </button>
        )}
      </div>
      {items.length > 0 && (
        <>
          {visible.map((item) => (
            <ItemCard key={item.id} item={item} role={role} actions={actions} />
          ))}
          {/* Cards not drawn yet hold their place (issue 16: nothing jumps as they come). */}
          {items.slice(visible.length).map((item) => (
            <div key={item.id} aria-hidden="true" className="item-placeholder" data-kind={cardKind(item)} />
          ))}
          {visible.length < items.length && (
            <p role="status" className="sr-only">
              Loading {items.length - visible.length} more…
            </p>
          )}
        </>
      )}
    </section>
  );
}

