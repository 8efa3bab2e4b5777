import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { signedUp, uniqueEmail } from '../support/accounts';

/** Spec sections 3–7 for projects, rooms and items, through the local gateway. */

const projectForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maple Street Remodel',
  address: '12 Maple Street',
  clientName: 'Chris Owner',
  clientEmail: uniqueEmail('owner'),
  clientPhone: '555-0142',
  status: 'active',
  contractorNotes: 'Gate code 4411',
  ...overrides,
});

async function newProject(api: ApiClient, overrides: Record<string, unknown> = {}) {
  const answer = await api.post('/api/projects', projectForm(overrides));
  expect(answer.status).toBe(201);
  return answer.body as { id: string; clientId: string | null; clientEmail: string };
}

describe('project lifecycle', () => {
  it('creates a project from the template, lists it with stats, and deletes it', async () => {
    const { api } = await signedUp('contractor');
    const project = await newProject(api);
    expect(project).toMatchObject({ name: 'Maple Street Remodel', address: '12 Maple Street', status: 'active', clientId: null });

    const rooms = (await api.get(`/api/projects/${project.id}/rooms`)).body;
    expect(rooms.map((room: { type: string }) => room.type)).toEqual(['whole_home', 'kitchen', 'living_room', 'dining_room', 'bedroom', 'bathroom', 'laundry', 'exterior']);
    const kitchen = rooms.find((room: { type: string }) => room.type === 'kitchen');
    const items = (await api.get(`/api/rooms/${kitchen.id}/items`)).body;
    expect(items.length).toBeGreaterThan(1);
    expect(items.every((item: { completed: boolean; contractorCompleted: boolean }) => !item.completed && !item.contractorCompleted)).toBe(true);

    const stats = (await api.get(`/api/projects/${project.id}/stats`)).body;
    const totalItems = rooms.reduce((sum: number, room: { totalItems: number }) => sum + room.totalItems, 0);
    expect(stats).toEqual({ completed: 0, total: totalItems, percentage: 0, contractorCompleted: 0, clientCompleted: 0, contractorPercentage: 0, clientPercentage: 0 });

    const list = (await api.get('/api/projects/with-stats')).body;
    expect(list).toEqual([expect.objectContaining({ id: project.id, overallCompletion: 0, totalRooms: 8, completedRooms: 0, clientName: 'Chris Owner' })]);

    expect((await api.delete(`/api/projects/${project.id}`)).status).toBe(200);
    expect((await api.get('/api/projects/with-stats')).body).toEqual([]);
    expect((await api.get(`/api/projects/${project.id}/stats`)).status).toBe(404);
    expect((await api.get(`/api/rooms/${kitchen.id}/items`)).status).toBe(404);
  });
});
