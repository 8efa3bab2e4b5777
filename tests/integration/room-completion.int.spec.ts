import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';
import { expectReplayEqualsLive } from '../support/views';

/**
 * A room is complete when it has items and all are complete (spec section 6). An item change that
 * can move that is settled in the change's own transaction when the request read the room (adds,
 * deletions, completing or un-completing an item), and after it otherwise: either way the
 * project's completedRooms must follow, under concurrent changes too, and agree with a replay.
 */

async function projectWithEmptyRoom() {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client');
  const created = await contractor.api.post('/api/projects', { name: 'Completion', address: '3 Oak Lane', clientName: 'Client', clientEmail: client.user.email });
  expect((await client.api.get(`/api/projects/${created.body.id}/checklist`)).status).toBe(200);
  // A study: a type the template has no starter items for (an added bedroom gets the template's), so it starts empty.
  const room = await contractor.api.post('/api/rooms', { projectId: created.body.id, type: 'study' });
  expect(room.status).toBe(201);
  return { contractor, client, projectId: created.body.id as string, roomId: room.body.id as string };
}

describe('room completion', () => {
  it('follows adds, deletions and flags of a room’s items, one change at a time', async () => {
    const { contractor, client, projectId, roomId } = await projectWithEmptyRoom();
    const completedRooms = async () => ((await contractor.api.get('/api/projects/with-stats')).body as { id: string; completedRooms: number }[]).find((p) => p.id === projectId)!.completedRooms;
    const add = async (name: string) => {
      const answer = await contractor.api.post('/api/checklist-items', { roomId, category: 'special_features', name });
      expect(answer.status).toBe(201);
      return answer.body.id as string;
    };
    const complete = async (id: string) => {
      expect((await contractor.api.request('PATCH', `/api/checklist-items/${id}`, { contractorCompleted: true, purchasesMade: true })).status).toBe(200);
      expect((await client.api.request('PATCH', `/api/checklist-items/${id}`, { clientCompleted: true })).status).toBe(200);
    };

    const a = await add('A');
    expect(await completedRooms()).toBe(0);
    await complete(a);
    expect(await completedRooms()).toBe(1);
    // An incomplete item in a complete room: incomplete; deleting it makes the room complete again.
    const b = await add('B');
    expect(await completedRooms()).toBe(0);
    expect((await contractor.api.delete(`/api/checklist-items/${b}`)).status).toBe(200);
    expect(await completedRooms()).toBe(1);
    await client.api.request('PATCH', `/api/checklist-items/${a}`, { clientCompleted: false });
    expect(await completedRooms()).toBe(0);
    await client.api.request('PATCH', `/api/checklist-items/${a}`, { clientCompleted: true });
    expect(await completedRooms()).toBe(1);
    // A room without items is not complete.
    expect((await contractor.api.delete(`/api/checklist-items/${a}`)).status).toBe(200);
    expect(await completedRooms()).toBe(0);
    expect((await contractor.api.get(`/api/rooms/${roomId}`)).body).toMatchObject({ totalItems: 0, completedItems: 0 });
    await expectReplayEqualsLive(projectId);
  });

  it('stays exact under concurrent adds, deletions and completions in one room, and agrees with a replay', async () => {
    const { contractor, client, projectId, roomId } = await projectWithEmptyRoom();
    const add = (name: string) => contractor.api.post('/api/checklist-items', { roomId, category: 'special_features', name });
    const completing = (id: string) => [
      contractor.api.request('PATCH', `/api/checklist-items/${id}`, { contractorCompleted: true, purchasesMade: true }),
      client.api.request('PATCH', `/api/checklist-items/${id}`, { clientCompleted: true }),
    ];
    const ids = (await Promise.all(['1', '2', '3', '4', '5', '6'].map(add))).map((answer) => answer.body.id as string);

    // Five items completed while two are added and an incomplete one is deleted.
    const first = await Promise.all([...ids.slice(0, 5).flatMap(completing), add('7'), add('8'), contractor.api.delete(`/api/checklist-items/${ids[5]}`)]);
    expect(first.map((answer) => answer.status)).toEqual([...Array(10).fill(200), 201, 201, 200]);
    expect(await projectCompletion(contractor.api, projectId)).toEqual({ completedRooms: 0, room: { totalItems: 7, completedItems: 5 } });

    // The two new ones completed side by side: the room is complete, counted once.
    const second = await Promise.all([first[10]!.body.id, first[11]!.body.id].flatMap(completing));
    expect(second.map((answer) => answer.status)).toEqual(Array(4).fill(200));
    expect(await projectCompletion(contractor.api, projectId)).toEqual({ completedRooms: 1, room: { totalItems: 7, completedItems: 7 } });
    await expectReplayEqualsLive(projectId);

    async function projectCompletion(api: ApiClient, id: string) {
      const listed = ((await api.get('/api/projects/with-stats')).body as { id: string; completedRooms: number }[]).find((p) => p.id === id)!;
      const { totalItems, completedItems } = (await api.get(`/api/rooms/${roomId}`)).body;
      return { completedRooms: listed.completedRooms, room: { totalItems, completedItems } };
    }
  });

  it('reads the room again and retries when it changed after the request read it (its flag no longer as read)', async () => {
    const { contractor, client, projectId, roomId } = await projectWithEmptyRoom();
    const a = (await contractor.api.post('/api/checklist-items', { roomId, category: 'special_features', name: 'A' })).body.id as string;
    await contractor.api.request('PATCH', `/api/checklist-items/${a}`, { contractorCompleted: true, purchasesMade: true });
    await client.api.request('PATCH', `/api/checklist-items/${a}`, { clientCompleted: true });

    // An add that read the room before it became complete: its transaction's condition fails.
    const { randomUUID } = await import('node:crypto');
    const { streamStart } = await import('../../events/envelope');
    const { itemDecider } = await import('../../events/projects/item');
    const { inProject, runCommands } = await import('../../functions/commands/run-commands');
    const { itemViews } = await import('../../functions/projections/item-views');
    const itemId = randomUUID();
    const add = { type: 'add', itemId, roomId, category: 'special_features', name: 'B', itemType: 'single', details: '', order: 0, cabinetDetails: null } as const;
    const stale = { total: 0, completed: 0, isComplete: false };
    const by = { id: contractor.user.id, role: 'contractor', name: 'Casey Builder', requestId: 'stale-room' } as const;
    await runCommands(itemDecider, inProject({ projectId, tenantId: contractor.user.id }, itemId), [add], { by, projection: itemViews({ projectId, roomId, roomName: 'Study' }, stale), head: streamStart });

    const listed = ((await contractor.api.get('/api/projects/with-stats')).body as { id: string; completedRooms: number }[]).find((p) => p.id === projectId)!;
    expect(listed.completedRooms).toBe(0);
    expect((await contractor.api.get(`/api/rooms/${roomId}`)).body).toMatchObject({ totalItems: 2, completedItems: 1 });
    await expectReplayEqualsLive(projectId);
  });
});

/** The live views (room flags and counters included) are what replaying the project's events makes. */
