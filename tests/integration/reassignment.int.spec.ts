import { describe, expect, it } from 'vitest';
import { signedUp } from '../support/accounts';
import type { ApiClient } from '../support/api-client';
import { expectReplayEqualsLive } from '../support/views';

/**
 * Reassigning a project to another client (issue 27): the contractor gives the project another
 * client e-mail. The previous client's open approvals and declines are cleared, and each clearing
 * is recorded (item history, Action History, Audit page); the new client reads none of the
 * previous client's contact details anywhere the product shows them to a client.
 */

const PREVIOUS_PHONE = '555-0101';

const itemAsRead = async (api: ApiClient, roomId: string, itemId: string) =>
  ((await api.get(`/api/rooms/${roomId}/items`)).body as { id: string }[]).find((entry) => entry.id === itemId) as Record<string, any>;

async function projectAnsweredByFirstClient() {
  const contractor = await signedUp('contractor');
  const first = await signedUp('client', { firstName: 'Frankie', lastName: 'First' });
  const second = await signedUp('client', { firstName: 'Sasha', lastName: 'Second' });
  const form = { name: 'Handover House', address: '7 Moving Road', clientName: 'Frankie First', clientEmail: first.user.email, clientPhone: PREVIOUS_PHONE };
  const created = await contractor.api.post('/api/projects', form);
  expect(created.status).toBe(201);
  const projectId = created.body.id as string;
  const room = await contractor.api.post('/api/rooms', { projectId, type: 'study', customName: 'Den' });
  const roomId = room.body.id as string;
  const item = async (name: string, details: string) => {
    const added = await contractor.api.post('/api/checklist-items', { roomId, category: 'special_features', name, details });
    expect(added.status).toBe(201);
    return added.body.id as string;
  };
  const [desk, shelf, lamp] = [await item('Desk', 'Walnut'), await item('Shelf', 'Oak'), await item('Lamp', 'Brass')];
  const answer = async (itemId: string, kind: 'approve' | 'decline') => {
    const { selectionHash } = await itemAsRead(first.api, roomId, itemId);
    const answered = await first.api.post(`/api/checklist-items/${itemId}/${kind}`, kind === 'approve' ? { selectionHash } : { selectionHash, reason: 'Too dark' });
    expect(answered.status).toBe(200);
  };
  await answer(desk, 'approve');
  await answer(shelf, 'decline');
  // The invitation records the first client's address on the project.
  expect((await contractor.api.post(`/api/projects/${projectId}/share-with-client`)).status).toBe(200);
  return { contractor, first, second, form, projectId, roomId, items: { desk, shelf, lamp } };
}

describe('reassigning a project to another client', () => {
  it("clears the previous client's open answers, recorded as such, and the new client can answer afresh", async () => {
    const { contractor, first, second, form, projectId, roomId, items } = await projectAnsweredByFirstClient();
    const moved = await contractor.api.put(`/api/projects/${projectId}`, { ...form, clientName: 'Sasha Second', clientEmail: second.user.email });
    expect(moved.status).toBe(200);

    // The project is the new client's; the previous client's reads answer 404.
    expect((await second.api.get('/api/client-projects')).body.map((project: { id: string }) => project.id)).toEqual([projectId]);
    expect((await first.api.get(`/api/projects/${projectId}/checklist`)).status).toBe(404);

    // Both answers are gone, on every read; the unanswered item had nothing to clear.
    for (const api of [contractor.api, second.api]) {
      for (const itemId of Object.values(items)) expect((await itemAsRead(api, roomId, itemId)).approval).toBeNull();
    }
    // Recorded: on each item's history, in the Action History, and on the Audit page.
    const deskHistory = (await contractor.api.get(`/api/checklist-items/${items.desk}/history`)).body.entries as { eventType: string; actor: { id: string }; changes: { field: string; before: any; after: unknown }[] }[];
    expect(deskHistory.at(-1)).toMatchObject({ eventType: 'ItemApprovalCleared', actor: { id: contractor.user.id }, changes: [{ field: 'approval', before: { status: 'approved', approvedBy: { id: first.user.id } }, after: null }] });
    const lampHistory = (await contractor.api.get(`/api/checklist-items/${items.lamp}/history`)).body.entries as { eventType: string }[];
    expect(lampHistory.map((entry) => entry.eventType)).not.toContain('ItemApprovalCleared');
    const actions = ((await contractor.api.get(`/api/projects/${projectId}/history`)).body as { summary: string }[]).map((line) => line.summary);
    expect(actions).toEqual(expect.arrayContaining(['Approval cleared: client changed "Desk" in Den', 'Decline cleared: client changed "Shelf" in Den']));
    const audit = (await contractor.api.get(`/api/projects/${projectId}/audit`)).body as { entries: { eventType: string; subject: { itemId?: string } }[]; verification: { verified: boolean } };
    expect(audit.entries.filter((entry) => entry.eventType === 'ItemApprovalCleared').map((entry) => entry.subject.itemId).sort()).toEqual([items.desk, items.shelf].sort());
    expect(audit.verification.verified).toBe(true);

    // The new client answers the selection as they read it.
    const { selectionHash } = await itemAsRead(second.api, roomId, items.desk);
    const approved = await second.api.post(`/api/checklist-items/${items.desk}/approve`, { selectionHash });
    expect(approved.status).toBe(200);
    expect(approved.body.approval).toMatchObject({ status: 'approved', approvedBy: { id: second.user.id, name: 'Sasha Second' } });
    await expectReplayEqualsLive(projectId);
  });

  it("shows the new client none of the previous client's e-mail or phone; the contractor's record keeps them", async () => {
    const { contractor, first, second, form, projectId, roomId, items } = await projectAnsweredByFirstClient();
    // The contractor changes only the e-mail: the phone kept was the previous client's.
    const moved = await contractor.api.put(`/api/projects/${projectId}`, { ...form, clientName: 'Sasha Second', clientEmail: second.user.email });
    expect(moved.body).toMatchObject({ clientEmail: second.user.email, clientPhone: null });

    const reads = [
      `/api/projects/${projectId}/checklist`,
      `/api/projects/${projectId}/history`,
      `/api/projects/${projectId}/audit`,
      `/api/projects/${projectId}/chat`,
      `/api/projects/${projectId}/decisions`,
      `/api/projects/${projectId}/rooms`,
      `/api/rooms/${roomId}/items`,
      `/api/checklist-items/${items.desk}/history`,
      `/api/checklist-items/${items.shelf}/history`,
      '/api/projects',
      '/api/client-projects',
    ];
    for (const path of reads) {
      const answer = await second.api.get(path);
      expect([path, answer.status]).toEqual([path, 200]);
      const text = JSON.stringify(answer.body).toLowerCase();
      expect(text, path).not.toContain(first.user.email.toLowerCase());
      expect(text, path).not.toContain(PREVIOUS_PHONE);
    }

    // The contractor typed them and still reads the change on the Audit page.
    const audit = (await contractor.api.get(`/api/projects/${projectId}/audit`)).body as { entries: { eventType: string; changes: { field: string; before: unknown; after: unknown }[] }[] };
    const update = audit.entries.find((entry) => entry.eventType === 'ProjectUpdated')!;
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'clientEmail', before: first.user.email, after: second.user.email },
        { field: 'clientPhone', before: PREVIOUS_PHONE, after: null },
      ]),
    );
    await expectReplayEqualsLive(projectId);
  });
});
