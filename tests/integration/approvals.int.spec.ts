import { createHash, randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import canonicalize from 'canonicalize';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import type { AuditExport } from '../../contract/audit';
import { itemStreamId } from '../../events/streams';
import { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';
import { expectReplayEqualsLive } from '../support/views';

/**
 * Approvals (issue 18): the assigned client approves or declines an item's selection as it is
 * now; the approval records exactly what was approved with its SHA-256; a change to the
 * selection voids it (history and a live notice say so), flags do not; the audit trail shows it
 * and the audit export that holds it verifies offline.
 */

const workDir = mkdtempSync(join(tmpdir(), 'approvals-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function projectWithItem() {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client');
  const created = await contractor.api.post('/api/projects', { name: 'Approval Abode', address: '5 Yes Street', clientName: 'Chris Owner', clientEmail: client.user.email });
  const projectId = created.body.id as string;
  const room = await contractor.api.post('/api/rooms', { projectId, type: 'study', customName: 'Den' });
  const item = await contractor.api.post('/api/checklist-items', { roomId: room.body.id, category: 'special_features', name: 'Built-in desk' });
  expect(item.status).toBe(201);
  const itemId = item.body.id as string;
  const chosen = await patch(contractor.api, itemId, { details: 'Walnut, 60 inch', referenceLinks: ['https://desks.example/walnut'], referenceImages: ['https://desks.example/walnut.jpg'], allowance: 1800, cost: 1650.25 });
  expect(chosen.status).toBe(200);
  const roomId = room.body.id as string;
  /** The selection's hash as the client reads it now: what the web app sends with an answer. */
  const seen = async () => (await itemAsRead(client.api, roomId, itemId)).selectionHash as string;
  return { contractor, client, projectId, roomId, itemId, seen };
}

const patch = (api: ApiClient, itemId: string, body: unknown) => api.request('PATCH', `/api/checklist-items/${itemId}`, body);
const approve = (api: ApiClient, itemId: string, selectionHash: string) => api.post(`/api/checklist-items/${itemId}/approve`, { selectionHash });
const decline = (api: ApiClient, itemId: string, body: unknown) => api.post(`/api/checklist-items/${itemId}/decline`, body);

/** The selection of an item as answered, hashed as an auditor would recompute it: canonical JSON (RFC 8785), SHA-256. */
function selectionHashOf(item: Record<string, unknown>): string {
  const fields = ['details', 'cabinetDetails', 'referenceLinks', 'referenceImages', 'cabinetLinks', 'cabinetImages', 'allowance', 'cost'];
  const selection = Object.fromEntries(fields.map((field) => [field, item[field] ?? null]));
  return createHash('sha256').update(canonicalize(selection)!).digest('hex');
}

const itemAsRead = async (api: ApiClient, roomId: string, itemId: string) =>
  ((await api.get(`/api/rooms/${roomId}/items`)).body as { id: string }[]).find((entry) => entry.id === itemId) as Record<string, any>;

describe('approving a selection', () => {
  it('records what the client approved with its hash, and every read of the item answers it', async () => {
    const { contractor, client, projectId, roomId, itemId } = await projectWithItem();
    const before = await itemAsRead(client.api, roomId, itemId);
    expect(before.approval).toBeNull();
    // Every read carries the hash of the selection as it is, which an auditor can recompute.
    expect(before.selectionHash).toBe(selectionHashOf(before));

    const approved = await approve(client.api, itemId, before.selectionHash);
    expect(approved.status).toBe(200);
    expect(approved.body.approval).toEqual({ status: 'approved', approvedAt: expect.any(String), approvedBy: { id: client.user.id, name: 'Chris Owner' }, selectionHash: selectionHashOf(before) });
    expect(Date.now() - Date.parse(approved.body.approval.approvedAt)).toBeLessThan(60_000);
    // The contractor's reads, the checklist and the client's agree.
    expect((await itemAsRead(contractor.api, roomId, itemId)).approval).toEqual(approved.body.approval);
    const checklist = (await contractor.api.get(`/api/projects/${projectId}/checklist`)).body as { rooms: { items: { id: string; approval: unknown }[] }[] };
    expect(checklist.rooms.flatMap((room) => room.items).find((item) => item.id === itemId)!.approval).toEqual(approved.body.approval);

    // The event holds exactly the selection approved, and its hash.
    const history = (await client.api.get(`/api/checklist-items/${itemId}/history`)).body as { entries: { eventType: string; actor: { id: string; name: string }; changes: { field: string; after: unknown }[] }[] };
    const entry = history.entries.find((candidate) => candidate.eventType === 'ItemApproved')!;
    expect(entry.actor).toMatchObject({ id: client.user.id, name: 'Chris Owner' });
    expect(entry.changes.find((change) => change.field === 'approvedSelection')!.after).toEqual({
      details: 'Walnut, 60 inch',
      cabinetDetails: null,
      referenceLinks: ['https://desks.example/walnut'],
      referenceImages: ['https://desks.example/walnut.jpg'],
      cabinetLinks: [],
      cabinetImages: [],
      allowance: 1800,
      cost: 1650.25,
    });
    expect(entry.changes.find((change) => change.field === 'approval')!.after).toEqual(approved.body.approval);
    // The item as of now, folded from its events, answers the same approval.
    const asOf = await client.api.get(`/api/checklist-items/${itemId}/history?asOf=${encodeURIComponent(new Date().toISOString())}`);
    expect(asOf.body.state.approval).toEqual(approved.body.approval);
    const actions = ((await contractor.api.get(`/api/projects/${projectId}/history`)).body as { summary: string }[]).map((line) => line.summary);
    expect(actions).toContain('Approved selection "Built-in desk" in Den');

    // Approving the same selection again changes nothing.
    const again = await approve(client.api, itemId, before.selectionHash);
    expect(again.body.approval).toEqual(approved.body.approval);
    expect((await client.api.get(`/api/checklist-items/${itemId}/history`)).body.entries.filter((candidate: { eventType: string }) => candidate.eventType === 'ItemApproved')).toHaveLength(1);
    await expectReplayEqualsLive(projectId);
  });

  it('is the assigned client’s alone: 403 for the contractor, 404 for others, 401 signed out, 400 for a malformed id', async () => {
    const { contractor, client, roomId, itemId, seen } = await projectWithItem();
    const otherClient = await signedUp('client');
    const stranger = await signedUp('contractor');
    const selectionHash = await seen();
    expect((await approve(contractor.api, itemId, selectionHash)).status).toBe(403);
    expect((await decline(contractor.api, itemId, { reason: 'No', selectionHash })).status).toBe(403);
    expect((await approve(otherClient.api, itemId, selectionHash)).status).toBe(404);
    expect((await decline(otherClient.api, itemId, { reason: 'No', selectionHash })).status).toBe(404);
    expect((await approve(otherClient.api, randomUUID(), selectionHash)).status).toBe(404);
    expect((await approve(stranger.api, itemId, selectionHash)).status).toBe(403);
    expect((await approve(new ApiClient(randomUUID()), itemId, selectionHash)).status).toBe(401);
    const malformed = await approve(client.api, 'not-an-id', selectionHash);
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.fieldErrors)).toContain('id');
    expect((await itemAsRead(client.api, roomId, itemId)).approval).toBeNull();
  });

  it('holds through flags (Selected, Purchased, Installed) and is voided by any change to the selection, which the history names and the client hears live', async () => {
    const { contractor, client, projectId, roomId, itemId, seen } = await projectWithItem();
    const approved = (await approve(client.api, itemId, await seen())).body.approval;
    expect((await patch(contractor.api, itemId, { contractorCompleted: true, purchasesMade: true })).body.approval).toEqual(approved);
    expect((await patch(client.api, itemId, { clientCompleted: true })).body.approval).toEqual(approved);
    expect((await patch(contractor.api, itemId, { decideBy: '2027-01-15', leadTimeDays: 30 })).body.approval).toEqual(approved);
    // Saving the same value is no change.
    expect((await patch(contractor.api, itemId, { cost: 1650.25, details: 'Walnut, 60 inch' })).body.approval).toEqual(approved);

    const socket = new WebSocket(`${inject('localCloud').url.replace(/^http/, 'ws')}/ws?projectId=${projectId}`, { headers: { cookie: client.api.cookie! } });
    const notices: { type: string; eventType: string; streamId: string }[] = [];
    socket.on('message', (data) => notices.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      const changed = await patch(contractor.api, itemId, { cost: 1700 });
      expect(changed.status).toBe(200);
      expect(changed.body.approval).toBeNull();
      expect((await itemAsRead(client.api, roomId, itemId)).approval).toBeNull();
      await expect.poll(() => notices.some((notice) => notice.eventType === 'ItemApprovalCleared'), { timeout: 30_000, interval: 20 }).toBe(true);
      expect(notices).toContainEqual(expect.objectContaining({ type: 'project_event', eventType: 'ItemApprovalCleared', streamId: itemStreamId(itemId) }));
    } finally {
      socket.terminate();
    }
    const history = (await client.api.get(`/api/projects/${projectId}/history`)).body as { action: string; details: string | null; summary: string; userType: string }[];
    expect(history).toContainEqual(expect.objectContaining({ action: 'Approval cleared: details changed', details: 'cost', summary: 'Approval cleared: details changed "Built-in desk" in Den - cost', userType: 'contractor' }));
    const itemHistory = (await client.api.get(`/api/checklist-items/${itemId}/history`)).body.entries as { eventType: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    expect(itemHistory.at(-1)).toMatchObject({ eventType: 'ItemApprovalCleared', changes: [{ field: 'approval', before: approved, after: null }] });

    // Each field of the selection voids a new approval: links, images, cabinet details, details (a backsplash's too), allowance.
    for (const [field, value] of [
      ['referenceLinks', ['https://desks.example/oak']],
      ['referenceImages', []],
      ['cabinetLinks', ['https://cabinets.example/a']],
      ['cabinetImages', ['https://cabinets.example/a.jpg']],
      ['cabinetDetails', { style: 'Shaker' }],
      ['details', JSON.stringify({ tile: 'Subway', grout: 'White' })],
      ['allowance', 2000],
    ] as const) {
      expect((await approve(client.api, itemId, await seen())).body.approval).toMatchObject({ status: 'approved' });
      const answer = await patch(contractor.api, itemId, { [field]: value });
      expect(answer.body.approval, field).toBeNull();
      const last = ((await contractor.api.get(`/api/projects/${projectId}/history`)).body as { action: string; details: string }[])[0]!;
      expect(last, field).toMatchObject({ action: 'Approval cleared: details changed', details: field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() });
    }
    await expectReplayEqualsLive(projectId);
  });
});

describe('answering what the client saw (issue 27)', () => {
  it('refuses an approval or decline of a selection that changed since it was read: 409 with the selection as it is now, nothing recorded', async () => {
    const { contractor, client, projectId, roomId, itemId } = await projectWithItem();
    const read = await itemAsRead(client.api, roomId, itemId);
    // The contractor changes the cost while the client looks at the old one.
    expect((await patch(contractor.api, itemId, { cost: 1999 })).status).toBe(200);
    const eventsBefore = (await client.api.get(`/api/checklist-items/${itemId}/history`)).body.entries.length;

    for (const [name, answer] of [
      ['approve', () => approve(client.api, itemId, read.selectionHash)],
      ['decline', () => decline(client.api, itemId, { reason: 'Too dark', selectionHash: read.selectionHash })],
    ] as const) {
      const stale = await answer();
      expect(stale.status, name).toBe(409);
      expect(stale.body.fieldErrors, name).toEqual({ selectionHash: [expect.stringContaining('changed since you saw it')] });
      expect(stale.body.message, name).toBe('The selection changed since you saw it. Check the new selection and answer again.');
      // The current selection, to show the client: the new cost, and the hash to answer it with.
      expect(stale.body.item, name).toMatchObject({ id: itemId, cost: 1999, details: 'Walnut, 60 inch', approval: null });
      expect(stale.body.item.selectionHash, name).toBe(selectionHashOf(stale.body.item));
      expect(stale.body.item.selectionHash, name).not.toBe(read.selectionHash);
    }
    // Nothing recorded: no event, no approval on any read.
    expect((await client.api.get(`/api/checklist-items/${itemId}/history`)).body.entries).toHaveLength(eventsBefore);
    expect((await itemAsRead(contractor.api, roomId, itemId)).approval).toBeNull();
    const actions = ((await contractor.api.get(`/api/projects/${projectId}/history`)).body as { action: string }[]).map((line) => line.action);
    expect(actions).not.toContain('Approved selection');

    // Answering the selection as it is now works; so does a decline of it.
    const fresh = await itemAsRead(client.api, roomId, itemId);
    const declined = await decline(client.api, itemId, { reason: 'Too dark', selectionHash: fresh.selectionHash });
    expect(declined.status).toBe(200);
    expect(declined.body.approval).toMatchObject({ status: 'declined', selectionHash: fresh.selectionHash });
    const approved = await approve(client.api, itemId, fresh.selectionHash);
    expect(approved.status).toBe(200);
    expect(approved.body.approval).toMatchObject({ status: 'approved', selectionHash: fresh.selectionHash });
    // A flag set since the read is not a change to the selection.
    expect((await patch(contractor.api, itemId, { purchasesMade: true })).status).toBe(200);
    expect((await approve(client.api, itemId, fresh.selectionHash)).status).toBe(200);
    await expectReplayEqualsLive(projectId);
  });

  it('needs the selectionHash as read: missing or not a hash is a 400 naming it, recording nothing', async () => {
    const { client, roomId, itemId } = await projectWithItem();
    for (const body of [{}, { selectionHash: '' }, { selectionHash: 42 }, { selectionHash: 'x'.repeat(64) }, { selectionHash: 'a'.repeat(65) }, { selectionHash: 'A'.repeat(64) }]) {
      for (const [name, answer] of [
        ['approve', await client.api.post(`/api/checklist-items/${itemId}/approve`, body)],
        ['decline', await decline(client.api, itemId, { reason: 'No', ...body })],
      ] as const) {
        expect(answer.status, `${name} ${JSON.stringify(body)}`).toBe(400);
        expect(Object.keys(answer.body.fieldErrors ?? {}), `${name} ${JSON.stringify(body)}`).toEqual(['selectionHash']);
      }
    }
    // No body at all: the same.
    const bare = await client.api.post(`/api/checklist-items/${itemId}/approve`);
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.body.fieldErrors ?? {})).toContain('selectionHash');
    expect((await itemAsRead(client.api, roomId, itemId)).approval).toBeNull();
  });
});

describe('declining a selection', () => {
  it('records the client’s reason, answered by the item until the selection changes', async () => {
    const { contractor, client, projectId, roomId, itemId, seen } = await projectWithItem();
    const before = await itemAsRead(client.api, roomId, itemId);
    const declined = await decline(client.api, itemId, { reason: '  Too dark for the room  ', selectionHash: before.selectionHash });
    expect(declined.status).toBe(200);
    expect(declined.body.approval).toEqual({ status: 'declined', declinedAt: expect.any(String), declinedBy: { id: client.user.id, name: 'Chris Owner' }, reason: 'Too dark for the room', selectionHash: selectionHashOf(before) });
    expect((await itemAsRead(contractor.api, roomId, itemId)).approval).toEqual(declined.body.approval);
    const history = (await contractor.api.get(`/api/projects/${projectId}/history`)).body as { summary: string }[];
    // The reason is the item's; the Action History names the decline only.
    expect(history[0]!.summary).toBe('Declined selection "Built-in desk" in Den');

    // The contractor answers with a new selection: the decline no longer applies.
    const changed = await patch(contractor.api, itemId, { details: 'Oak, 60 inch' });
    expect(changed.body.approval).toBeNull();
    expect(((await contractor.api.get(`/api/projects/${projectId}/history`)).body as { action: string }[])[0]!.action).toBe('Decline cleared: details changed');
    // A later approval replaces a decline.
    await decline(client.api, itemId, { reason: 'Still no', selectionHash: await seen() });
    expect((await approve(client.api, itemId, await seen())).body.approval).toMatchObject({ status: 'approved' });
    await expectReplayEqualsLive(projectId);
  });

  it('needs a reason of at most 500 characters (400 naming reason), and changes nothing otherwise', async () => {
    const { client, roomId, itemId, seen } = await projectWithItem();
    const selectionHash = await seen();
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }, { reason: null }]) {
      const answer = await decline(client.api, itemId, { ...body, selectionHash });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.fieldErrors ?? {}), JSON.stringify(body)).toContain('reason');
    }
    expect((await itemAsRead(client.api, roomId, itemId)).approval).toBeNull();
    expect((await decline(client.api, itemId, { reason: 'x'.repeat(500), selectionHash })).status).toBe(200);
  });
});

describe('the audit trail of an approval', () => {
  it('shows the approval on the Audit page, and the audit export holding it verifies offline against the published keys', async () => {
    const { contractor, client, projectId, itemId, seen } = await projectWithItem();
    const approved = (await approve(client.api, itemId, await seen())).body.approval;

    const audit = (await contractor.api.get(`/api/projects/${projectId}/audit?item=${itemId}`)).body as { entries: { eventType: string; actor: { name: string }; changes: { field: string }[] }[] };
    const shown = audit.entries.find((entry) => entry.eventType === 'ItemApproved');
    expect(shown).toMatchObject({ actor: { name: 'Chris Owner' } });
    expect(shown!.changes.map((change) => change.field)).toEqual(expect.arrayContaining(['approval', 'approvedSelection']));

    const document = (await contractor.api.get<AuditExport>(`/api/projects/${projectId}/audit-export`)).body;
    const stream = document.streams.find((candidate) => candidate.streamId === itemStreamId(itemId))!;
    const event = stream.events.find((candidate) => candidate.type === 'ItemApproved')!;
    expect(event.data).toMatchObject({ selectionHash: approved.selectionHash, approvedBy: client.user.id });
    // The hash is of exactly the selection the event records.
    expect(createHash('sha256').update(canonicalize((event.data as { selection: unknown }).selection)!).digest('hex')).toBe(approved.selectionHash);
    // No name in the data: the approver's name is the event's actor's (sealed by the store).
    expect(JSON.stringify(event.data)).not.toContain('Chris');

    const file = join(workDir, 'export.json');
    writeFileSync(file, JSON.stringify(document));
    const keys = `${new ApiClient().baseUrl}/api/audit/keys`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', file, '--jwks', keys], { env: process.env });
    expect(stdout).toContain(`ok   ${itemStreamId(itemId)} ${stream.events.length} events`);
  });
});
