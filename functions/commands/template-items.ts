import { streamStart } from '../../events/envelope';
import { decideInTurn } from '../../events/decider';
import { itemDecider } from '../../events/projects/item';
import type { TemplateItem } from '../../events/projects/template';
import { itemViews } from '../projections/item-views';
import { eventStore } from './event-store';
import { stateViewTable } from '../store/view-table';
import { writingViewsRetried } from '../store/view-generation';
import { resolveActor, type Caller } from './caller';
import { snapshotOf } from './run-commands';

/**
 * The template's items for a new project's rooms: many new item streams per transaction (their
 * counters merged into one write per room), through the item projection like any other item.
 * A template item starts with no flag set, so no room becomes complete: nothing to settle.
 */
export async function addTemplateItems(
  caller: Caller,
  project: { projectId: string; tenantId: string },
  rooms: readonly { roomId: string; roomName: string; items: readonly TemplateItem[] }[],
  newId: () => string,
): Promise<void> {
  const store = eventStore();
  const { actor, meta } = await resolveActor(caller);
  const all = rooms.flatMap((room) => room.items.map((item, order) => ({ room, item, order })));
  const CHUNK = 20; // ~4 writes an item, and DynamoDB takes 100 per transaction
  // Each chunk keys its views for the live generation, again if a switch of the read models began meanwhile.
  for (let i = 0; i < all.length; i += CHUNK) await writingViewsRetried(async () => {
    const writes = stateViewTable.writeSet();
    const appends = await Promise.all(
      all.slice(i, i + CHUNK).map(async ({ room, item, order }) => {
        const itemId = newId();
        const location = { projectId: project.projectId, roomId: room.roomId, roomName: room.roomName };
        const add = { type: 'add', itemId, roomId: room.roomId, category: item.category, name: item.name, itemType: item.itemType ?? 'single', details: item.details ?? '', order, cabinetDetails: item.cabinetDetails ?? null, fromTemplate: true } as const;
        const { events, state } = decideInTurn(itemDecider, [add], itemDecider.initialState, actor);
        const prepared = await store.prepare({
          streamId: itemDecider.streamId(itemId),
          expected: streamStart,
          snapshot: snapshotOf(itemDecider, state),
          events,
          tenantId: project.tenantId,
          projectId: project.projectId,
          meta,
        });
        return { location, prepared };
      }),
    );
    for (const { location, prepared } of appends) {
      await itemViews(location).write(writes, { before: itemDecider.initialState, events: prepared.events.filter(itemDecider.owns) }, stateViewTable);
    }
    // The rooms' and the project's counters, which every item moves, are written once for the chunk.
    await store.commit(appends, writes.toTransactItems().map((item) => ({ item })));
  });
}
