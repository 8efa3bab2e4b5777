import { describe, expect, it } from 'vitest';
import { itemFixture, roomFixture } from '../../../contract/fixtures';
import { makeCommand, type NewCommand } from './command';
import { chatAfter, itemsAfter, roomsAfter, statsAfter } from './overlay';

/** What the page shows while changes wait: the server's data with the outbox applied, as the server will apply it. */

const command = (fields: Partial<NewCommand> & Pick<NewCommand, 'route'>) =>
  makeCommand({ params: {}, projectId: 'p1', userId: 'u1', label: 'a change', ...fields }, new Date('2026-11-26T21:00:00.000Z'));
const patch = (body: Record<string, unknown>, itemId = 'item-1') => command({ route: 'patchItem', params: { id: itemId }, body, itemId, roomId: 'room-1' });

describe('the outbox shown on the server data', () => {
  it('given a flag set offline, when shown, then the item has it and counts as complete with the others', () => {
    const item = itemFixture({ contractorCompleted: true, clientCompleted: true });
    const [shown] = itemsAfter([item], 'room-1', [patch({ purchasesMade: true })]);
    expect(shown).toMatchObject({ purchasesMade: true, completed: true });
  });

  it('given a link added against a base, when someone else added one meanwhile, then both show (and showing it twice changes nothing)', () => {
    const served = itemFixture({ referenceLinks: ['https://a.example', 'https://theirs.example'] });
    const added = patch({ referenceLinks: ['https://a.example', 'https://mine.example'], base: { referenceLinks: ['https://a.example'] } });
    const once = itemsAfter([served], 'room-1', [added]);
    expect(once[0]!.referenceLinks).toEqual(['https://a.example', 'https://theirs.example', 'https://mine.example']);
    expect(itemsAfter(once, 'room-1', [added])).toEqual(once);
  });

  it('given a removal against a base, then only that entry goes', () => {
    const served = itemFixture({ referenceImages: ['/objects/a.png', '/objects/b.png', '/objects/theirs.png'] });
    const removed = patch({ referenceImages: ['/objects/b.png'], base: { referenceImages: ['/objects/a.png', '/objects/b.png'] } });
    expect(itemsAfter([served], 'room-1', [removed])[0]!.referenceImages).toEqual(['/objects/b.png', '/objects/theirs.png']);
  });

  it('given a cabinet field edited against a base, then the other fields stay as others left them', () => {
    const served = itemFixture({ itemType: 'cabinet', cabinetDetails: { style: 'Shaker', wood: 'Walnut (theirs)' } });
    const edited = patch({ cabinetDetails: { style: 'Flat panel', wood: 'Oak' }, base: { cabinetDetails: { style: 'Shaker', wood: 'Oak' } } });
    expect(itemsAfter([served], 'room-1', [edited])[0]!.cabinetDetails).toEqual({ style: 'Flat panel', wood: 'Walnut (theirs)' });
  });

  it('given an item made offline and then changed, then it shows in its room with the change; deleted, it goes', () => {
    const created = command({ route: 'createItem', body: { id: 'new-1', roomId: 'room-1', category: 'standard', name: 'Item 4', order: 9 }, itemId: 'new-1', roomId: 'room-1' });
    const shown = itemsAfter([itemFixture()], 'room-1', [created, patch({ details: 'Matte' }, 'new-1')]);
    expect(shown.map((item) => [item.id, item.name, item.details])).toEqual([
      ['item-1', 'Wall Paint Color', ''],
      ['new-1', 'Item 4', 'Matte'],
    ]);
    expect(itemsAfter([itemFixture()], 'room-2', [created])).toHaveLength(1);
    const deleted = command({ route: 'deleteItem', params: { id: 'item-1' }, itemId: 'item-1', roomId: 'room-1' });
    expect(itemsAfter(shown, 'room-1', [deleted]).map((item) => item.id)).toEqual(['new-1']);
  });

  it('given rooms added, renamed and deleted offline, then the rooms show so', () => {
    const added = command({ route: 'createRoom', body: { id: 'room-9', projectId: 'p1', type: 'bedroom', name: 'Bedroom 2' }, roomId: 'room-9' });
    const renamed = command({ route: 'renameRoom', params: { id: 'room-1' }, body: { customName: 'Chef Kitchen', base: { customName: null } }, roomId: 'room-1' });
    const rooms = roomsAfter([roomFixture(), roomFixture({ id: 'room-2' })], 'p1', [added, renamed, command({ route: 'deleteRoom', params: { id: 'room-2' }, roomId: 'room-2' })]);
    expect(rooms.map((room) => [room.id, room.customName ?? room.name])).toEqual([
      ['room-1', 'Chef Kitchen'],
      ['room-9', 'Bedroom 2'],
    ]);
    expect(roomsAfter([roomFixture()], 'another-project', [added])).toHaveLength(1);
  });

  it('given chat messages written offline, then they follow the server list until it has them', () => {
    const written = command({ route: 'postChat', body: { projectId: 'p1', senderType: 'contractor', senderName: 'Casey', message: 'On site', messageType: 'chat' } });
    const shown = chatAfter([], 'p1', [written]);
    expect(shown).toMatchObject([{ id: written.id, message: 'On site', senderType: 'contractor', timestamp: '2026-11-26T21:00:00.000Z' }]);
    expect(chatAfter(shown, 'p1', [written])).toHaveLength(1);
  });

  it("given the items before and after, then the project's counters move by the difference", () => {
    const stats = { completed: 1, total: 10, percentage: 10, contractorCompleted: 3, clientCompleted: 2, contractorPercentage: 30, clientPercentage: 20 };
    const before = [itemFixture({ contractorCompleted: true, clientCompleted: true })];
    const after = [itemFixture({ contractorCompleted: true, clientCompleted: true, purchasesMade: true }), itemFixture({ id: 'new-1' })];
    expect(statsAfter(stats, before, after)).toEqual({ completed: 2, total: 11, percentage: 18, contractorCompleted: 3, clientCompleted: 2, contractorPercentage: 27, clientPercentage: 18 });
  });
});
