import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';

/** GET /api/projects/{id}/checklist: the checklist page's data in one call, the same as the spec's routes answer one by one. */

describe('the checklist read', () => {
  it('answers the project, its stats and every room with its items, as the per-room routes do', async () => {
    const client = await signedUp('client');
    const { api } = await signedUp('contractor');
    const project = (await api.post('/api/projects', { name: 'One Call Cottage', address: '5 Batch Lane', clientName: 'Chris Owner', clientEmail: client.user.email })).body;
    const rooms = (await api.get(`/api/projects/${project.id}/rooms`)).body as { id: string }[];
    const [first] = (await api.get(`/api/rooms/${rooms[1]!.id}/items`)).body;
    await api.request('PATCH', `/api/checklist-items/${first.id}`, { contractorCompleted: true, details: 'Quartz' });

    for (const person of [api, client.api]) {
      const answer = await person.get(`/api/projects/${project.id}/checklist`);
      expect(answer.status).toBe(200);
      expect(answer.body.project).toEqual((await api.get('/api/projects')).body.find((p: { id: string }) => p.id === project.id));
      expect(answer.body.stats).toEqual((await person.get(`/api/projects/${project.id}/stats`)).body);
      const expectedRooms = (await person.get(`/api/projects/${project.id}/rooms`)).body as { id: string }[];
      expect(answer.body.rooms.map(({ items: _items, ...room }: { items: unknown }) => room)).toEqual(expectedRooms);
      for (const room of answer.body.rooms) expect(room.items).toEqual((await person.get(`/api/rooms/${room.id}/items`)).body);
      expect(answer.body.rooms[1].items[0]).toMatchObject({ id: first.id, contractorCompleted: true, details: 'Quartz' });
    }
  });

  it("answers 404 to another tenant, 401 signed out, 400 to a malformed id", async () => {
    const { api } = await signedUp('contractor');
    const project = (await api.post('/api/projects', { name: 'Private Place', address: '1 Closed Road', clientName: 'Someone' })).body;
    const stranger = await signedUp('contractor');
    const outsider = await signedUp('client');
    expect((await stranger.api.get(`/api/projects/${project.id}/checklist`)).status).toBe(404);
    expect((await outsider.api.get(`/api/projects/${project.id}/checklist`)).status).toBe(404);
    expect((await new ApiClient().get(`/api/projects/${project.id}/checklist`)).status).toBe(401);
    const malformed = await api.get('/api/projects/not-an-id/checklist');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('id');
  });
});
