import { describe, expect, it } from 'vitest';
import { starterItems } from '../../events/projects/template';
import { signedUp, uniqueEmail } from '../support/accounts';
import type { ApiClient } from '../support/api-client';

/**
 * Issue 16, "Added rooms": a room added by the add-room bar (POST /api/rooms) gets the starter
 * items of its type from the project template, as a new project's rooms do, and every read
 * (the room, its items, the checklist, the stats, the project lists) counts them.
 */

type Room = { id: string; type: string; name: string; customName: string | null; totalItems: number; completedItems: number };
type Item = { id: string; roomId: string; name: string; category: string; itemType: string; details: string; order: number; completed: boolean; contractorCompleted: boolean; clientCompleted: boolean; purchasesMade: boolean; cabinetDetails: unknown };
type Stats = { completed: number; total: number; contractorCompleted: number };

async function newProject(api: ApiClient) {
  const answer = await api.post('/api/projects', { name: 'Elm Court Addition', address: '9 Elm Court', clientName: 'Chris Owner', clientEmail: uniqueEmail('owner') });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

const stats = async (api: ApiClient, projectId: string) => (await api.get(`/api/projects/${projectId}/stats`)).body as Stats;
const itemsOf = async (api: ApiClient, roomId: string) => (await api.get(`/api/rooms/${roomId}/items`)).body as Item[];
/** An item as the template describes it (what a starter item must match). */
const asTemplate = (item: Item) => ({ category: item.category, name: item.name, itemType: item.itemType, details: item.details, cabinetDetails: item.cabinetDetails });

describe('a room added from the add-room bar', () => {
  it("gets the template's Bedroom items, counted by the room, the checklist, the stats and the project list; its item streams verify", async () => {
    const { api } = await signedUp('contractor');
    const projectId = await newProject(api);
    const before = await stats(api, projectId);
    const templateBedroom = (await (await api.get(`/api/projects/${projectId}/rooms`)).body as Room[]).find((room) => room.type === 'bedroom')!;
    const expected = (await itemsOf(api, templateBedroom.id)).map(asTemplate);
    expect(expected.map((item) => item.name)).toEqual(starterItems('bedroom').map((item) => item.name));

    const added = await api.post('/api/rooms', { projectId, type: 'bedroom', name: 'Bedroom', customName: 'Bedroom 2' });
    expect(added.status).toBe(201);
    const room = added.body as Room;
    // The answer counts the items the room was given.
    expect(room).toMatchObject({ type: 'bedroom', customName: 'Bedroom 2', totalItems: expected.length, completedItems: 0 });

    // The same items as the project's first bedroom got from the template, in template order, nothing set.
    const items = await itemsOf(api, room.id);
    expect(items.map(asTemplate)).toEqual(expected);
    expect(items.map((item) => item.order)).toEqual(expected.map((_, index) => index));
    expect(items.every((item) => item.roomId === room.id && !item.completed && !item.contractorCompleted && !item.clientCompleted && !item.purchasesMade)).toBe(true);

    expect((await api.get(`/api/projects/${projectId}/rooms`)).body).toContainEqual(expect.objectContaining({ id: room.id, totalItems: expected.length, completedItems: 0 }));
    const checklist = (await api.get(`/api/projects/${projectId}/checklist`)).body as { stats: Stats; rooms: (Room & { items: Item[] })[] };
    expect(checklist.rooms.find((entry) => entry.id === room.id)!.items.map((item) => item.id)).toEqual(items.map((item) => item.id));
    expect(checklist.stats.total).toBe(before.total + expected.length);
    expect(await stats(api, projectId)).toMatchObject({ total: before.total + expected.length, completed: 0 });
    expect((await api.get('/api/projects/with-stats')).body).toEqual([expect.objectContaining({ id: projectId, totalRooms: 9, completedRooms: 0 })]);

    // They are ordinary items: a tick on one moves the stats.
    expect((await api.request('PATCH', `/api/checklist-items/${items[0]!.id}`, { contractorCompleted: true })).status).toBe(200);
    expect(await stats(api, projectId)).toMatchObject({ total: before.total + expected.length, contractorCompleted: 1 });

    // The history says the room was added, not each of its starter items.
    const history = (await api.get(`/api/projects/${projectId}/history`)).body as { summary: string }[];
    expect(history.slice(0, 2).map((entry) => entry.summary)).toEqual([`Marked as completed (contractor) "${items[0]!.name}" in Bedroom 2`, 'Added Bedroom 2']);

    // Each item is a stream of its own that starts with its ItemAdded, and every chain of the project verifies.
    const { eventStore } = await import('../../functions/commands/event-store');
    const { verifyProject, verifyStream } = await import('../../functions/store/verify');
    const store = eventStore();
    for (const item of items) {
      const stream = await store.readStream(`item#${item.id}`);
      expect(stream[0]).toMatchObject({ type: 'ItemAdded', version: 1, projectId, data: expect.objectContaining({ itemId: item.id, roomId: room.id, name: item.name }) });
      expect(await verifyStream(store, `item#${item.id}`)).toEqual([]);
    }
    expect(await verifyProject(store, projectId)).toEqual([]);

    // Replaying the project gives the same views as the live ones (the added room's items included).
    const { rebuildProjectViews, liveProjectViews } = await import('../../functions/projections/rebuild');
    const { comparableViews } = await import('../support/views');
    expect(comparableViews(await rebuildProjectViews(store, projectId))).toEqual(comparableViews(await liveProjectViews(projectId)));
  });

  it("gives a kitchen, a bathroom and a laundry room their template items (cabinet and backsplash details too); a type the template lacks starts empty", async () => {
    const { api } = await signedUp('contractor');
    const projectId = await newProject(api);
    const rooms = (await api.get(`/api/projects/${projectId}/rooms`)).body as Room[];
    for (const type of ['kitchen', 'bathroom', 'laundry']) {
      const first = rooms.find((room) => room.type === type)!;
      const added = await api.post('/api/rooms', { projectId, type });
      expect(added.status).toBe(201);
      expect((await itemsOf(api, added.body.id)).map(asTemplate)).toEqual((await itemsOf(api, first.id)).map(asTemplate));
      expect(added.body.totalItems).toBe(starterItems(type as 'kitchen').length);
    }
    const cabinets = (await itemsOf(api, rooms.find((room) => room.type === 'kitchen')!.id)).find((item) => item.itemType === 'cabinet');
    expect(cabinets?.cabinetDetails).toMatchObject({ style: '', styleCompleted: false });

    const study = await api.post('/api/rooms', { projectId, type: 'study', name: 'Library', customName: null });
    expect(study.body).toMatchObject({ name: 'Library', totalItems: 0 });
    expect(await itemsOf(api, study.body.id)).toEqual([]);
  });

  it('makes the items once when the add is retried with the same Idempotency-Key', async () => {
    const { api } = await signedUp('contractor');
    const projectId = await newProject(api);
    const before = await stats(api, projectId);
    const body = { projectId, type: 'bathroom' };
    const first = await api.request('POST', '/api/rooms', body, { 'idempotency-key': 'add-bathroom-1' });
    const again = await api.request('POST', '/api/rooms', body, { 'idempotency-key': 'add-bathroom-1' });
    expect(again.body).toEqual(first.body);
    expect(await itemsOf(api, first.body.id)).toHaveLength(starterItems('bathroom').length);
    expect((await stats(api, projectId)).total).toBe(before.total + starterItems('bathroom').length);
  });
});
