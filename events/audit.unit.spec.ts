import { describe, expect, it } from 'vitest';
import { auditTrail, stateAt } from './audit';
import type { StoredEvent } from './envelope';
import type { ItemEvent } from './projects/events';
import { evolveItem, initialItemState, type ItemState } from './projects/item';

const stored = (version: number, at: string, who: string, role: 'contractor' | 'client', event: ItemEvent): StoredEvent =>
  ({ ...event, version, streamId: 'item#i1', schemaVersion: 1, eventId: `e${version}`, tenantId: 't', meta: { actorId: who, role, displayName: who, at, requestId: 'r' }, prevHash: '', hash: '' }) as StoredEvent;

const events = [
  stored(1, '2026-03-01T09:00:00.000Z', 'Casey', 'contractor', {
    type: 'ItemAdded',
    data: { itemId: 'i1', roomId: 'r1', category: 'standard', name: 'Paint', itemType: 'single', details: '', order: 0, cabinetDetails: null },
  }),
  stored(2, '2026-03-02T09:00:00.000Z', 'Casey', 'contractor', { type: 'ItemFlagSet', data: { flag: 'selected', value: true } }),
  stored(3, '2026-03-03T09:00:00.000Z', 'Chris', 'client', { type: 'ItemDetailsEdited', data: { from: '', to: 'Eggshell white' } }),
  stored(4, '2026-03-04T09:00:00.000Z', 'Chris', 'client', { type: 'ItemFlagSet', data: { flag: 'installed', value: true } }),
];
const evolve = (state: ItemState, event: StoredEvent) => evolveItem(state, event as unknown as ItemEvent);

describe("an item's audit trail", () => {
  it('lists who changed what, when, before → after', () => {
    const trail = auditTrail(events, initialItemState, evolve);
    expect(trail.map((entry) => [entry.version, entry.actor, entry.event])).toEqual([
      [1, 'Casey', 'ItemAdded'],
      [2, 'Casey', 'ItemFlagSet'],
      [3, 'Chris', 'ItemDetailsEdited'],
      [4, 'Chris', 'ItemFlagSet'],
    ]);
    expect(trail[1]!.changes).toEqual([{ field: 'selected', before: false, after: true }]);
    expect(trail[2]!.changes).toEqual([{ field: 'details', before: '', after: 'Eggshell white' }]);
    expect(trail[0]!.changes.map((change) => change.field)).toEqual(expect.arrayContaining(['exists', 'name', 'roomId']));
  });

  it('computes the state as of a version or a moment', () => {
    expect(stateAt(events, initialItemState, evolve, { version: 2 })).toMatchObject({ selected: true, details: '', installed: false });
    expect(stateAt(events, initialItemState, evolve, { time: '2026-03-03T12:00:00.000Z' })).toMatchObject({ details: 'Eggshell white', installed: false });
    expect(stateAt(events, initialItemState, evolve, {})).toMatchObject({ installed: true });
  });
});
