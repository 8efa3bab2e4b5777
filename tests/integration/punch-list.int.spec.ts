import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditExport } from '../../contract/audit';
import type { PunchItem } from '../../contract/punch';
import { punchItemStreamId } from '../../events/streams';
import { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';
import { mailTo } from '../support/mail';
import { runScript } from '../support/run-script';
import { uploadPhoto } from '../support/upload-photo';
import { expectReplayEqualsLive } from '../support/views';

/**
 * The punch list (issue 30): either party adds a punch item to a room; only the contractor marks
 * it fixed, only the client accepts a fixed one (an open one cannot be) or reopens it with a
 * reason; only the project's people see it. Its counts ride on the checklist's read, its changes
 * are in the project's history and audit trail, and the views rebuild equal to the live ones.
 */

const workDir = mkdtempSync(join(tmpdir(), 'punch-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function projectWithRooms() {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client');
  const created = await contractor.api.post('/api/projects', { name: 'Punch Place', address: '3 Snag Lane', clientName: 'Chris Owner', clientEmail: client.user.email });
  const projectId = created.body.id as string;
  expect((await client.api.get(`/api/projects/${projectId}/checklist`)).status).toBe(200);
  const kitchen = (await contractor.api.post('/api/rooms', { projectId, type: 'study', customName: 'Studio' })).body.id as string;
  const den = (await contractor.api.post('/api/rooms', { projectId, type: 'study', customName: 'Den' })).body.id as string;
  const item = (await contractor.api.post('/api/checklist-items', { roomId: kitchen, category: 'special_features', name: 'Vanity' })).body.id as string;
  return { contractor, client, projectId, kitchen, den, item };
}

const add = (api: ApiClient, projectId: string, body: unknown) => api.post(`/api/projects/${projectId}/punch-items`, body);
const patch = (api: ApiClient, id: string, body: unknown) => api.request('PATCH', `/api/punch-items/${id}`, body);
const list = async (api: ApiClient, projectId: string, query = '') => (await api.get<PunchItem[]>(`/api/projects/${projectId}/punch-items${query}`)).body;
const counts = async (api: ApiClient, projectId: string, rooms: string[] = []) => {
  const checklist = (await api.get(`/api/projects/${projectId}/checklist`)).body as { punch: object; rooms: { id: string; punch: object }[] };
  return { project: checklist.punch, rooms: Object.fromEntries(checklist.rooms.filter((room) => rooms.includes(room.id)).map((room) => [room.id, room.punch])) };
};

describe('a punch item', () => {
  it('goes open → fixed (contractor) → reopened with a reason or accepted (client), each step by its party only', async () => {
    const { contractor, client, projectId, kitchen, item } = await projectWithRooms();
    const added = await add(client.api, projectId, { roomId: kitchen, itemId: item, title: ' Scratch on the vanity door ', note: 'Left side, low', assignee: { kind: 'trade', name: 'Painter' }, dueDate: '2026-12-15' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ projectId, roomId: kitchen, itemId: item, title: 'Scratch on the vanity door', note: 'Left side, low', assignee: { kind: 'trade', name: 'Painter' }, dueDate: '2026-12-15', status: 'open', addedBy: 'client', addedByMe: true, photos: [] });
    const id = added.body.id;

    // Only the client accepts, and not an open item; only the contractor marks it fixed.
    const acceptOpen = await patch(client.api, id, { status: 'accepted' });
    expect([acceptOpen.status, acceptOpen.body]).toEqual([409, expect.objectContaining({ message: 'An open punch item cannot be accepted: the contractor marks it fixed first' })]);
    expect((await patch(client.api, id, { status: 'fixed' })).status).toBe(403);
    const fixed = await patch(contractor.api, id, { status: 'fixed', fixNote: 'Sanded and repainted' });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ status: 'fixed', fixNote: 'Sanded and repainted', addedByMe: false });
    expect((await patch(contractor.api, id, { status: 'accepted' })).status).toBe(403);

    // Reopening needs a reason.
    const noReason = await patch(client.api, id, { status: 'reopened' });
    expect([noReason.status, Object.keys(noReason.body.fieldErrors ?? {})]).toEqual([400, ['reason']]);
    const reopened = await patch(client.api, id, { status: 'reopened', reason: 'Still visible in daylight' });
    expect(reopened.body).toMatchObject({ status: 'open', reopenReason: 'Still visible in daylight' });

    await patch(contractor.api, id, { status: 'fixed' });
    const accepted = await patch(client.api, id, { status: 'accepted' });
    expect(accepted.body).toMatchObject({ status: 'accepted', reopenReason: null });
    // Again: nothing changes.
    expect((await patch(client.api, id, { status: 'accepted' })).body.version).toBe(accepted.body.version);
    // Accepted: its fields stay as checked.
    expect((await patch(contractor.api, id, { note: 'changed' })).status).toBe(409);

    const history = (await contractor.api.get(`/api/projects/${projectId}/history`)).body as { summary: string }[];
    expect(history.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        'Added punch item "Scratch on the vanity door" in Studio',
        'Marked "Scratch on the vanity door" fixed in Studio',
        'Reopened "Scratch on the vanity door" in Studio: Still visible in daylight',
        'Accepted "Scratch on the vanity door" in Studio',
      ]),
    );
    await expectReplayEqualsLive(projectId);
  });

  it('has its fields changed by its author or the contractor while open, never by the other party', async () => {
    const { contractor, client, projectId, kitchen } = await projectWithRooms();
    const byContractor = (await add(contractor.api, projectId, { roomId: kitchen, title: 'Grout haze' })).body;
    expect(byContractor.assignee).toEqual({ kind: 'contractor' });
    expect((await patch(client.api, byContractor.id, { title: 'Mine now' })).status).toBe(403);
    const byClient = (await add(client.api, projectId, { roomId: kitchen, title: 'Loose handle' })).body;
    expect((await patch(client.api, byClient.id, { dueDate: '2026-12-20' })).body.dueDate).toBe('2026-12-20');
    expect((await patch(contractor.api, byClient.id, { assignee: { kind: 'trade', name: 'Carpenter' }, dueDate: null })).body).toMatchObject({ assignee: { kind: 'trade', name: 'Carpenter' }, dueDate: null });
    await expectReplayEqualsLive(projectId);
  });

  it('is seen and changed by the project\'s people only: a stranger and another tenant get 404, the signed out 401', async () => {
    const { contractor, projectId, kitchen } = await projectWithRooms();
    const other = await projectWithRooms();
    const stranger = await signedUp('contractor');
    const id = (await add(contractor.api, projectId, { roomId: kitchen, title: 'Chipped tile' })).body.id;
    for (const api of [stranger.api, other.contractor.api, other.client.api]) {
      expect((await api.get(`/api/projects/${projectId}/punch-items`)).status).toBe(404);
      expect((await add(api, projectId, { roomId: kitchen, title: 'Mine' })).status).toBe(404);
      expect((await patch(api, id, { title: 'Mine' })).status).toBe(404);
    }
    const signedOut = new ApiClient();
    expect((await signedOut.get(`/api/projects/${projectId}/punch-items`)).status).toBe(401);
    expect((await patch(signedOut, id, { title: 'Mine' })).status).toBe(401);
    // Another project's room, item or photo is no reference of this one: 400 naming it.
    const theirs = await add(contractor.api, projectId, { roomId: other.kitchen, title: 'Elsewhere' });
    expect([theirs.status, Object.keys(theirs.body.fieldErrors ?? {})]).toEqual([400, ['roomId']]);
    const theirItem = await add(contractor.api, projectId, { roomId: kitchen, itemId: other.item, title: 'Elsewhere' });
    expect([theirItem.status, Object.keys(theirItem.body.fieldErrors ?? {})]).toEqual([400, ['itemId']]);
  });

  it('keeps its photos to photos of its project', async () => {
    const { contractor, projectId, kitchen } = await projectWithRooms();
    const other = await projectWithRooms();
    const publish = async (api: ApiClient, forProject: string) => {
      const published = await api.request('PUT', '/api/objects/acl', { objectURL: await uploadPhoto(api), visibility: 'public', projectId: forProject });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      return published.body.objectPath as string;
    };
    const ours = await publish(contractor.api, projectId);
    const theirs = await publish(other.contractor.api, other.projectId);
    const foreign = await add(contractor.api, projectId, { roomId: kitchen, title: 'Crack', photos: [theirs] });
    expect([foreign.status, Object.keys(foreign.body.fieldErrors ?? {})]).toEqual([400, ['photos']]);
    const made = await add(contractor.api, projectId, { roomId: kitchen, title: 'Crack', photos: [ours] });
    expect(made.body.photos).toEqual([ours]);
    const fixed = await patch(contractor.api, made.body.id, { status: 'fixed', fixPhoto: ours });
    expect(fixed.body).toMatchObject({ status: 'fixed', fixPhoto: ours });
    expect((await patch(contractor.api, made.body.id, { fixPhoto: theirs, status: 'fixed' })).status).toBe(400);
  });
});

describe('a punch item sent twice', () => {
  it('is added once and answered alike for one Idempotency-Key (a phone replaying its outbox)', async () => {
    const { contractor, projectId, kitchen } = await projectWithRooms();
    const key = crypto.randomUUID();
    const send = () => contractor.api.request('POST', `/api/projects/${projectId}/punch-items`, { roomId: kitchen, title: 'Cracked tile' }, { 'Idempotency-Key': key });
    const [first, second] = [await send(), await send()];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    expect((await list(contractor.api, projectId)).map((item) => item.title)).toEqual(['Cracked tile']);
    const fix = () => contractor.api.request('PATCH', `/api/punch-items/${first.body.id}`, { status: 'fixed' }, { 'Idempotency-Key': `${key}-fix` });
    expect((await fix()).body).toEqual((await fix()).body);
  });
});

describe('the punch list', () => {
  it('is counted per room and project on the checklist\'s read, filtered by status and room, and its client-made id is kept', async () => {
    const { contractor, client, projectId, kitchen, den } = await projectWithRooms();
    const make = async (roomId: string, title: string) => (await add(contractor.api, projectId, { roomId, title })).body.id;
    const [a, b] = [await make(kitchen, 'A'), await make(kitchen, 'B')];
    await make(den, 'C');
    const id = crypto.randomUUID();
    expect((await add(client.api, projectId, { id, roomId: den, title: 'D' })).body.id).toBe(id);
    expect((await add(client.api, projectId, { id, roomId: den, title: 'D again' })).status).toBe(409);
    await patch(contractor.api, a, { status: 'fixed' });
    await patch(contractor.api, b, { status: 'fixed' });
    await patch(client.api, b, { status: 'accepted' });

    expect(await counts(client.api, projectId, [kitchen, den])).toEqual({
      project: { punchOpen: 2, punchFixed: 1, punchAccepted: 1 },
      rooms: { [kitchen]: { punchOpen: 0, punchFixed: 1, punchAccepted: 1 }, [den]: { punchOpen: 2, punchFixed: 0, punchAccepted: 0 } },
    });
    expect((await list(client.api, projectId)).map((entry) => entry.title)).toEqual(['A', 'B', 'C', 'D']);
    expect((await list(client.api, projectId, '?status=open')).map((entry) => entry.title)).toEqual(['C', 'D']);
    expect((await list(client.api, projectId, `?status=fixed&roomId=${kitchen}`)).map((entry) => entry.title)).toEqual(['A']);
    const badFilter = await client.api.get(`/api/projects/${projectId}/punch-items?status=done`);
    expect([badFilter.status, Object.keys(badFilter.body.fieldErrors ?? {})]).toEqual([400, ['status']]);

    // A deleted room takes its punch items and their counts with it.
    expect((await contractor.api.request('DELETE', `/api/rooms/${den}`)).status).toBeLessThan(300);
    expect((await counts(client.api, projectId)).project).toEqual({ punchOpen: 0, punchFixed: 1, punchAccepted: 1 });
    expect((await list(client.api, projectId)).map((entry) => entry.title)).toEqual(['A', 'B']);
    await expectReplayEqualsLive(projectId);
  });

  it('is in the audit trail and the named checklist item\'s history, and in the audit export, which verifies', async () => {
    const { contractor, client, projectId, kitchen, item } = await projectWithRooms();
    const id = (await add(client.api, projectId, { roomId: kitchen, itemId: item, title: 'Drawer sticks' })).body.id;
    await patch(contractor.api, id, { status: 'fixed' });
    const audit = (await contractor.api.get(`/api/projects/${projectId}/audit?item=${item}`)).body as { entries: { eventType: string; subject: { itemId?: string } }[] };
    expect(audit.entries.map((entry) => entry.eventType)).toEqual(expect.arrayContaining(['PunchItemAdded', 'PunchItemFixed']));
    // And in the item's own history, as history lines.
    const itemHistory = (await client.api.get(`/api/checklist-items/${item}/history`)).body as { entries: { eventType: string; changes: { field: string; after: unknown }[] }[] };
    const punchLines = itemHistory.entries.flatMap((entry) => entry.changes.filter((change) => change.field === 'punchItem').map((change) => change.after));
    expect(punchLines).toEqual(['Added punch item "Drawer sticks"', 'Marked "Drawer sticks" fixed']);

    const document = (await contractor.api.get<AuditExport>(`/api/projects/${projectId}/audit-export`)).body;
    const stream = document.streams.find((candidate) => candidate.streamId === punchItemStreamId(id))!;
    expect(stream.events.map((event) => event.type)).toEqual(['PunchItemAdded', 'PunchItemFixed']);
    const file = join(workDir, 'export.json');
    writeFileSync(file, JSON.stringify(document));
    const keys = `${new ApiClient().baseUrl}/api/audit/keys`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', file, '--jwks', keys], { env: process.env });
    expect(stdout).toContain(`ok   ${punchItemStreamId(id)} 2 events`);
  });
});

describe('the punch list elsewhere', () => {
  it('is a section of the checklist PDF, by room, with status, assignee and due date', async () => {
    const { contractor, client, projectId, kitchen, den } = await projectWithRooms();
    await add(contractor.api, projectId, { roomId: kitchen, title: 'Scuffed baseboard', assignee: { kind: 'trade', name: 'Painter' }, dueDate: '2026-12-18' });
    const fixed = (await add(client.api, projectId, { roomId: den, title: 'Outlet cover missing' })).body.id;
    await patch(contractor.api, fixed, { status: 'fixed' });
    const response = await fetch(`${contractor.api.baseUrl}/api/projects/${projectId}/export-pdf`, { method: 'POST', headers: { cookie: contractor.api.cookie! } });
    expect(response.status).toBe(200);
    const file = join(workDir, 'checklist.pdf');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    const text = stdout.replace(/[ \t]+/g, ' ');
    expect(text).toContain('Punch list 2 items');
    expect(text).toMatch(/Studio\s+Punch item STATUS ASSIGNEE DUE\s+Scuffed baseboard Open Painter 2026-12-18/);
    expect(text).toMatch(/Den\s+Punch item STATUS ASSIGNEE DUE\s+Outlet cover missing Fixed Contractor —/);
  });

  it('is in the client\'s daily digest while fixed items await their check', async () => {
    const { contractor, client, projectId, kitchen } = await projectWithRooms();
    const name = `Punch Digest ${crypto.randomUUID().slice(0, 6)}`;
    expect((await contractor.api.request('PUT', `/api/projects/${projectId}`, { name, address: '3 Snag Lane', clientName: 'Chris Owner', clientEmail: client.user.email })).status).toBe(200);
    const id = (await add(contractor.api, projectId, { roomId: kitchen, title: 'Sticky drawer' })).body.id;
    await add(contractor.api, projectId, { roomId: kitchen, title: 'Still open' });
    await patch(contractor.api, id, { status: 'fixed' });
    const run = await runScript('send-digest', []);
    expect(run.code, run.out).toBe(0);
    const [mail] = (await mailTo(client.user.email)).filter((candidate) => candidate.subject.startsWith(`${name}:`));
    expect(mail!.subject).toBe(`${name}: 1 punch item to check`);
    expect(mail!.text).toContain(`These punch items for ${name} are fixed and waiting for your check:`);
    expect(mail!.text).toContain('Punch items awaiting your check:\n- Sticky drawer (Studio): fixed, awaiting your check');
    expect(mail!.text).not.toContain('Still open');
  });
});
