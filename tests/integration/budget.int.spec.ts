import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';
import { expectReplayEqualsLive } from '../support/views';

/**
 * Allowances and costs (issue 18): set through the item PATCH/PUT (an allowance by the contractor
 * only), answered by the item, and summed per room and per project by GET /api/projects/{id}/budget
 * from counters the projections keep, which must agree with a replay of the events.
 */

async function projectWithClient() {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client');
  const created = await contractor.api.post('/api/projects', { name: 'Budget House', address: '9 Elm Road', clientName: 'Chris Owner', clientEmail: client.user.email });
  expect((await client.api.get(`/api/projects/${created.body.id}/checklist`)).status).toBe(200);
  const projectId = created.body.id as string;
  const room = async (type: string, customName: string) => {
    const answer = await contractor.api.post('/api/rooms', { projectId, type, customName });
    expect(answer.status).toBe(201);
    return { id: answer.body.id as string, name: customName };
  };
  const [study, laundry] = [await room('study', 'Den'), await room('bonus_room', 'Mud Room')];
  const item = async (roomId: string, name: string) => {
    const answer = await contractor.api.post('/api/checklist-items', { roomId, category: 'special_features', name });
    expect(answer.status).toBe(201);
    return answer.body.id as string;
  };
  return { contractor, client, projectId, study, laundry, item };
}

const patch = (api: ApiClient, itemId: string, body: unknown) => api.request('PATCH', `/api/checklist-items/${itemId}`, body);

describe('allowances and costs', () => {
  it('are answered by the item (null while unset) and summed per room and project, following every change', async () => {
    const { contractor, client, projectId, study, laundry, item } = await projectWithClient();
    const desk = await item(study.id, 'Desk');
    const shelves = await item(study.id, 'Shelves');
    const sink = await item(laundry.id, 'Utility Sink');

    const fresh = await contractor.api.get(`/api/rooms/${study.id}/items`);
    expect(fresh.body.find((entry: { id: string }) => entry.id === desk)).toMatchObject({ allowance: null, cost: null });

    const set = await patch(contractor.api, desk, { allowance: 1500, cost: 1234.56 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ allowance: 1500, cost: 1234.56 });
    expect((await contractor.api.request('PUT', `/api/checklist-items/${shelves}`, { allowance: 800.1 })).status).toBe(200);
    // Either person sets a cost; only the contractor an allowance.
    expect((await patch(client.api, shelves, { cost: 950.2 })).status).toBe(200);
    expect((await patch(contractor.api, sink, { allowance: 400, cost: 0 })).status).toBe(200);

    const budget = async () => {
      const answer = await client.api.get(`/api/projects/${projectId}/budget`);
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const rooms = (await contractor.api.get(`/api/projects/${projectId}/rooms`)).body as { id: string }[];
    expect(await budget()).toEqual({
      allowance: 2700.1,
      cost: 2184.76,
      difference: 515.34,
      // Every room, in the checklist's order, by the name it shows; a room without a budget sums to zero.
      rooms: rooms.map((room) => expect.objectContaining({ roomId: room.id })),
      // Issue 30: no change order signed, nothing moved.
      changeOrders: { signed: 0, total: 0, scheduleDays: 0 },
      costWithChangeOrders: 2184.76,
      targetCompletionDate: null,
      adjustedTargetCompletionDate: null,
    });
    const byRoom = (answer: { rooms: { roomId: string }[] }, roomId: string) => answer.rooms.find((room) => room.roomId === roomId);
    expect(byRoom(await budget(), study.id)).toEqual({ roomId: study.id, name: study.name, allowance: 2300.1, cost: 2184.76, difference: 115.34 });
    expect(byRoom(await budget(), laundry.id)).toEqual({ roomId: laundry.id, name: laundry.name, allowance: 400, cost: 0, difference: 400 });

    // Over budget: a negative difference. Clearing a value (null) takes it out of the sums.
    expect((await patch(client.api, sink, { cost: 650 })).status).toBe(200);
    expect(byRoom(await budget(), laundry.id)).toMatchObject({ allowance: 400, cost: 650, difference: -250 });
    const cleared = await patch(contractor.api, desk, { allowance: null });
    expect(cleared.body).toMatchObject({ allowance: null, cost: 1234.56 });
    expect(byRoom(await budget(), study.id)).toMatchObject({ allowance: 800.1, cost: 2184.76 });

    // A deleted item leaves the sums; a deleted room takes its items' sums with it.
    expect((await contractor.api.delete(`/api/checklist-items/${shelves}`)).status).toBe(200);
    expect(byRoom(await budget(), study.id)).toMatchObject({ allowance: 0, cost: 1234.56, difference: -1234.56 });
    expect((await contractor.api.delete(`/api/rooms/${laundry.id}`)).status).toBe(200);
    const after = await budget();
    expect(byRoom(after, laundry.id)).toBeUndefined();
    expect(after).toMatchObject({ allowance: 0, cost: 1234.56, difference: -1234.56 });

    await expectReplayEqualsLive(projectId);
  });

  it('refuses an allowance from the client (403) and values that are not amounts (400 naming the field), changing nothing', async () => {
    const { contractor, client, projectId, study, item } = await projectWithClient();
    const desk = await item(study.id, 'Desk');
    expect((await patch(contractor.api, desk, { allowance: 100, cost: 50 })).status).toBe(200);

    const refused = await patch(client.api, desk, { allowance: 5000, cost: 75 });
    expect(refused.status).toBe(403);
    for (const field of ['allowance', 'cost']) {
      for (const bad of [-1, 1.234, 10_000_000.01, '12', true, [], {}]) {
        const answer = await patch(contractor.api, desk, { [field]: bad });
        expect(answer.status, `${field}=${JSON.stringify(bad)}`).toBe(400);
        expect(Object.keys(answer.body.fieldErrors ?? {}), `${field}=${JSON.stringify(bad)}`).toContain(field);
      }
    }
    // The largest amount and cents are fine.
    expect((await patch(contractor.api, desk, { cost: 10_000_000 })).status).toBe(200);
    expect((await patch(contractor.api, desk, { cost: 0.07 })).status).toBe(200);

    const items = (await contractor.api.get(`/api/rooms/${study.id}/items`)).body as { id: string; allowance: number; cost: number }[];
    expect(items.find((entry) => entry.id === desk)).toMatchObject({ allowance: 100, cost: 0.07 });
    expect((await contractor.api.get(`/api/projects/${projectId}/budget`)).body).toMatchObject({ allowance: 100, cost: 0.07, difference: 99.93 });
  });

  it('is read by the project’s people only: 401 signed out, 404 for another tenant, 400 for a malformed id', async () => {
    const { projectId } = await projectWithClient();
    const stranger = await signedUp('contractor');
    const otherClient = await signedUp('client');
    expect((await new ApiClient(randomUUID()).get(`/api/projects/${projectId}/budget`)).status).toBe(401);
    expect((await stranger.api.get(`/api/projects/${projectId}/budget`)).status).toBe(404);
    expect((await otherClient.api.get(`/api/projects/${projectId}/budget`)).status).toBe(404);
    expect((await stranger.api.get(`/api/projects/${randomUUID()}/budget`)).status).toBe(404);
    const malformed = await stranger.api.get('/api/projects/not-an-id/budget');
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.fieldErrors)).toContain('id');
  });
});
