import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';

/**
 * Decide-by dates (issue 18): the project's start and target completion are dates (YYYY-MM-DD);
 * items take a decide-by date and a lead time; GET /api/projects/{id}/decisions lists the open
 * selections (not Selected), earliest first, overdue before today (UTC), undated last.
 */

const projectForm = { name: 'Schedule Cottage', address: '4 Calendar Lane', clientName: 'Chris Owner' };

async function projectWithClient(dates: Record<string, unknown> = {}) {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client');
  const created = await contractor.api.post('/api/projects', { ...projectForm, clientEmail: client.user.email, ...dates });
  expect(created.status).toBe(201);
  const projectId = created.body.id as string;
  const room = await contractor.api.post('/api/rooms', { projectId, type: 'study', customName: 'Den' });
  const item = async (name: string, schedule: Record<string, unknown> = {}) => {
    const answer = await contractor.api.post('/api/checklist-items', { roomId: room.body.id, category: 'special_features', name });
    expect(answer.status).toBe(201);
    if (Object.keys(schedule).length) expect((await contractor.api.request('PATCH', `/api/checklist-items/${answer.body.id}`, schedule)).status).toBe(200);
    return answer.body.id as string;
  };
  return { contractor, client, projectId, roomId: room.body.id as string, item };
}

describe('project dates', () => {
  it('are accepted as YYYY-MM-DD days and answered; anything else is a 400 naming the field', async () => {
    const { contractor, projectId } = await projectWithClient({ startDate: '2026-01-05', targetCompletionDate: '2026-06-30' });
    expect((await contractor.api.get('/api/projects')).body.find((project: { id: string }) => project.id === projectId)).toMatchObject({ startDate: '2026-01-05', targetCompletionDate: '2026-06-30' });
    const updated = await contractor.api.put(`/api/projects/${projectId}`, { ...projectForm, startDate: '2026-02-01', targetCompletionDate: '2027-02-28' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ startDate: '2026-02-01', targetCompletionDate: '2027-02-28' });
    // Blank clears a date.
    expect((await contractor.api.put(`/api/projects/${projectId}`, { ...projectForm, startDate: '', targetCompletionDate: null })).body).toMatchObject({ startDate: null, targetCompletionDate: null });

    for (const field of ['startDate', 'targetCompletionDate']) {
      for (const bad of ['2026-02-30', '2026-13-01', '2026/01/05', '2026-01-05T10:00:00Z', '5 Jan 2026', 20260105, true]) {
        const put = await contractor.api.put(`/api/projects/${projectId}`, { ...projectForm, [field]: bad });
        expect(put.status, `${field}=${bad}`).toBe(400);
        expect(Object.keys(put.body.fieldErrors ?? {}), `${field}=${bad}`).toContain(field);
        const post = await contractor.api.post('/api/projects', { ...projectForm, [field]: bad });
        expect(post.status, `POST ${field}=${bad}`).toBe(400);
      }
    }
    expect((await contractor.api.get('/api/projects')).body.find((project: { id: string }) => project.id === projectId)).toMatchObject({ startDate: null, targetCompletionDate: null });
  });
});

describe('item schedules', () => {
  it('take a decide-by date and a lead time (0–365 days) from the contractor, answered by the item', async () => {
    const { contractor, client, roomId, item } = await projectWithClient();
    const desk = await item('Desk');
    const set = await contractor.api.request('PATCH', `/api/checklist-items/${desk}`, { decideBy: '2026-04-01', leadTimeDays: 365 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ decideBy: '2026-04-01', leadTimeDays: 365 });
    expect((await contractor.api.request('PATCH', `/api/checklist-items/${desk}`, { leadTimeDays: 0 })).body).toMatchObject({ leadTimeDays: 0 });

    // The schedule is the contractor's.
    expect((await client.api.request('PATCH', `/api/checklist-items/${desk}`, { decideBy: '2026-05-01' })).status).toBe(403);
    expect((await client.api.request('PATCH', `/api/checklist-items/${desk}`, { leadTimeDays: 10 })).status).toBe(403);

    const refused = [
      ['decideBy', '2026-02-30'],
      ['decideBy', '2026-4-1'],
      ['decideBy', 20260401],
      ['leadTimeDays', -1],
      ['leadTimeDays', 366],
      ['leadTimeDays', 1.5],
      ['leadTimeDays', '7'],
    ] as const;
    for (const [field, bad] of refused) {
      const answer = await contractor.api.request('PATCH', `/api/checklist-items/${desk}`, { [field]: bad });
      expect(answer.status, `${field}=${bad}`).toBe(400);
      expect(Object.keys(answer.body.fieldErrors ?? {}), `${field}=${bad}`).toContain(field);
    }
    const items = (await client.api.get(`/api/rooms/${roomId}/items`)).body as { id: string }[];
    expect(items.find((entry) => entry.id === desk)).toMatchObject({ decideBy: '2026-04-01', leadTimeDays: 0 });
    // null clears them.
    expect((await contractor.api.request('PATCH', `/api/checklist-items/${desk}`, { decideBy: null, leadTimeDays: null })).body).toMatchObject({ decideBy: null, leadTimeDays: null });
  });
});

describe('GET /api/projects/{id}/decisions', () => {
  it('lists the open selections with their decide-by dates, earliest first, overdue before today, undated last; Selected ones leave', async () => {
    const { contractor, client, projectId, item } = await projectWithClient({ targetCompletionDate: '2099-06-30' });
    const late = await item('Late tile', { decideBy: '2020-01-15' });
    const byLeadTime = await item('Faucet', { leadTimeDays: 30 });
    const soon = await item('Lights', { decideBy: '2099-01-01' });
    const own = await item('Desk', { decideBy: '2099-05-01', leadTimeDays: 365 });
    const undated = await item('Rug');
    const chosen = await item('Chosen paint', { decideBy: '2020-01-01' });
    expect((await contractor.api.request('PATCH', `/api/checklist-items/${chosen}`, { contractorCompleted: true })).status).toBe(200);

    const answer = await client.api.get(`/api/projects/${projectId}/decisions`);
    expect(answer.status).toBe(200);
    const decisions = answer.body as { itemId: string; name: string; roomName: string; decideBy: string | null; overdue: boolean }[];
    const dated = decisions.filter((decision) => decision.decideBy !== null);
    expect(dated).toEqual([
      { itemId: late, name: 'Late tile', roomName: 'Den', decideBy: '2020-01-15', overdue: true },
      { itemId: soon, name: 'Lights', roomName: 'Den', decideBy: '2099-01-01', overdue: false },
      // An item's own date wins over its lead time.
      { itemId: own, name: 'Desk', roomName: 'Den', decideBy: '2099-05-01', overdue: false },
      // The target completion (2099-06-30) less 30 days.
      { itemId: byLeadTime, name: 'Faucet', roomName: 'Den', decideBy: '2099-05-31', overdue: false },
    ]);
    // Undated ones (the template's too) come after every dated one; a Selected item is not listed.
    expect(decisions.slice(0, dated.length)).toEqual(dated);
    expect(decisions).toContainEqual({ itemId: undated, name: 'Rug', roomName: 'Den', decideBy: null, overdue: false });
    expect(decisions.map((decision) => decision.itemId)).not.toContain(chosen);

    // The derived date follows the project's target completion; without one, a lead time gives no date.
    await contractor.api.put(`/api/projects/${projectId}`, { ...projectForm, clientEmail: client.user.email, targetCompletionDate: '2099-03-01' });
    const moved = (await contractor.api.get(`/api/projects/${projectId}/decisions`)).body as { itemId: string; decideBy: string | null }[];
    expect(moved.find((decision) => decision.itemId === byLeadTime)!.decideBy).toBe('2099-01-30');
    await contractor.api.put(`/api/projects/${projectId}`, { ...projectForm, clientEmail: client.user.email, targetCompletionDate: null });
    const none = (await contractor.api.get(`/api/projects/${projectId}/decisions`)).body as { itemId: string; decideBy: string | null }[];
    expect(none.find((decision) => decision.itemId === byLeadTime)!.decideBy).toBeNull();
  });

  it('is read by the project’s people only: 401 signed out, 404 for another tenant, 400 for a malformed id', async () => {
    const { projectId } = await projectWithClient();
    const stranger = await signedUp('contractor');
    expect((await new ApiClient(randomUUID()).get(`/api/projects/${projectId}/decisions`)).status).toBe(401);
    expect((await stranger.api.get(`/api/projects/${projectId}/decisions`)).status).toBe(404);
    expect((await (await signedUp('client')).api.get(`/api/projects/${projectId}/decisions`)).status).toBe(404);
    const malformed = await stranger.api.get('/api/projects/nope/decisions');
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.fieldErrors)).toContain('id');
  });
});
