import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';

/** GET /api/checklist-items/{id}/history: an item's history and its state at any moment, for the people of its project. */

async function itemWithHistory() {
  const client = await signedUp('client');
  const contractor = await signedUp('contractor');
  const project = (await contractor.api.post('/api/projects', { name: 'Audit Avenue', address: '9 Ledger Lane', clientName: 'Chris Owner', clientEmail: client.user.email })).body;
  const rooms = (await contractor.api.get(`/api/projects/${project.id}/rooms`)).body;
  const kitchen = rooms.find((room: { type: string }) => room.type === 'kitchen');
  const moments: string[] = [];
  // Each change lands strictly after the moment recorded before it.
  const step = async (change: () => Promise<{ status: number; body: any }>) => {
    await sleep(5);
    moments.push(new Date().toISOString());
    await sleep(5);
    const answer = await change();
    expect(answer.status).toBeLessThan(300);
    return answer.body;
  };
  const item = await step(() => contractor.api.post('/api/checklist-items', { roomId: kitchen.id, category: 'standard', name: 'Backsplash tile' }));
  await step(() => contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { contractorCompleted: true }));
  await step(() => client.api.request('PATCH', `/api/checklist-items/${item.id}`, { details: 'Zellige, white' }));
  await step(() => client.api.request('PATCH', `/api/checklist-items/${item.id}`, { clientCompleted: true }));
  await sleep(5);
  moments.push(new Date().toISOString());
  return { client, contractor, project, item, moments };
}

describe("an item's history", () => {
  it('lists every change by both people: who, as what, when, each field before → after', async () => {
    const { client, contractor, item } = await itemWithHistory();
    for (const person of [contractor.api, client.api]) {
      const answer = await person.get(`/api/checklist-items/${item.id}/history`);
      expect(answer.status).toBe(200);
      expect(answer.body.itemId).toBe(item.id);
      const entries = answer.body.entries;
      expect(entries.map((entry: { version: number; eventType: string; actor: unknown }) => [entry.version, entry.eventType, entry.actor])).toEqual([
        [1, 'ItemAdded', { id: contractor.user.id, name: 'Casey Builder', role: 'contractor' }],
        [2, 'ItemFlagSet', { id: contractor.user.id, name: 'Casey Builder', role: 'contractor' }],
        [3, 'ItemDetailsEdited', { id: client.user.id, name: 'Chris Owner', role: 'client' }],
        [4, 'ItemFlagSet', { id: client.user.id, name: 'Chris Owner', role: 'client' }],
      ]);
      expect(entries[0].changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Backsplash tile' }, { field: 'contractorCompleted', before: null, after: false }]));
      expect(entries[1].changes).toEqual([{ field: 'contractorCompleted', before: false, after: true }]);
      expect(entries[2].changes).toEqual([{ field: 'details', before: '', after: 'Zellige, white' }]);
      expect(entries[3].changes).toEqual([{ field: 'clientCompleted', before: false, after: true }]);
      for (const entry of entries) expect(Date.parse(entry.at)).not.toBeNaN();
    }
  });

  it('gives the item as it was at any moment, 404 before it existed, 400 for a malformed time', async () => {
    const { contractor, item, moments } = await itemWithHistory();
    const at = async (moment: string) => contractor.api.get(`/api/checklist-items/${item.id}/history?asOf=${encodeURIComponent(moment)}`);
    expect((await at(moments[0]!)).status).toBe(404);
    const expected = [
      { version: 1, state: { contractorCompleted: false, details: '', clientCompleted: false } },
      { version: 2, state: { contractorCompleted: true, details: '', clientCompleted: false } },
      { version: 3, state: { contractorCompleted: true, details: 'Zellige, white', clientCompleted: false } },
      { version: 4, state: { contractorCompleted: true, details: 'Zellige, white', clientCompleted: true, completed: false } },
    ];
    for (const [index, { version, state }] of expected.entries()) {
      const answer = await at(moments[index + 1]!);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ version, state: { id: item.id, name: 'Backsplash tile', ...state } });
    }
    const malformed = await at('last tuesday');
    expect(malformed.status).toBe(400);
    expect(malformed.body.fieldErrors.asOf).toBeDefined();
  });

  it('keeps a deleted item\'s history, and answers 404 to other tenants and 401 signed out', async () => {
    const { contractor, item } = await itemWithHistory();
    expect((await contractor.api.delete(`/api/checklist-items/${item.id}`)).status).toBe(200);
    const history = await contractor.api.get(`/api/checklist-items/${item.id}/history`);
    expect(history.body.entries.map((entry: { eventType: string }) => entry.eventType)).toEqual(['ItemAdded', 'ItemFlagSet', 'ItemDetailsEdited', 'ItemFlagSet', 'ItemDeleted']);
    expect(history.body.entries[4].changes).toEqual(expect.arrayContaining([{ field: 'name', before: 'Backsplash tile', after: null }]));

    const stranger = await signedUp('contractor');
    const outsider = await signedUp('client');
    expect((await stranger.api.get(`/api/checklist-items/${item.id}/history`)).status).toBe(404);
    expect((await outsider.api.get(`/api/checklist-items/${item.id}/history?asOf=${encodeURIComponent(new Date().toISOString())}`)).status).toBe(404);
    expect((await new ApiClient().get(`/api/checklist-items/${item.id}/history`)).status).toBe(401);
    expect((await contractor.api.get('/api/checklist-items/00000000-0000-4000-8000-000000000000/history')).status).toBe(404);
  });
});
