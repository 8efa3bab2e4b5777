import { LoaderCircle, Plus } from 'lucide-react';
import { use, useEffect, useMemo, useRef, useState } from 'react';
import type { ChecklistItem, Room } from '../../contract/projects';
import type { Role } from '../../events/accounts/schemas';
import { sectionsFor, type Section } from '../../events/projects/model';
import { sectionItemName } from '../../events/projects/template';
import { ItemCard, type ItemActions } from './item-card';
import { useAddItem, useItemActions } from './mutations';
import { PrintingContext } from './printing';
import { queueBatch } from './render-queue';
import { smallButtonClass } from './ui';
import { useReadiness } from './use-readiness';

/** A room's sections (spec section 2) with their items and add-item actions; items are drawn a batch at a time. */

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

