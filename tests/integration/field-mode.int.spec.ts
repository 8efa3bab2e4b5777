import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditExport, ItemHistory } from '../../contract/audit';
import type { ChecklistItem, EditConflictAnswer, Room, RoomConflictAnswer } from '../../contract/projects';
import { itemStreamId, projectStreamId } from '../../events/streams';
import { dynamo } from '../../functions/adapters/dynamo';
import { eventStore } from '../../functions/commands/event-store';
import { config } from '../../functions/config';
import { stateKeys } from '../../functions/store/keys';
import { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';
import { runScript } from '../support/run-script';

/**
 * Field mode, the server's side (issue 29): commands that arrive late and more than once, from
 * phones that were offline. Each Idempotency-Key appends once and answers its first answer, even
 * to 20 copies at once; a text edited against an old base is a conflict answered with the current
 * value, nothing recorded; flags and lists apply on top of what happened meanwhile; the device's
 * time and base version are kept in the events' meta; an item or room made offline keeps its id.
 */

const workDir = mkdtempSync(join(tmpdir(), 'field-mode-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const CONFLICT = 'Someone else changed this since you edited it';

/** A contractor's project with its client assigned, a room and an item in it. */
async function projectWithItem(item: Record<string, unknown> = {}) {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client');
  const project = await contractor.api.post('/api/projects', { name: 'Field House', address: '1 Basement Road', clientName: 'Chris Owner', clientEmail: client.user.email });
  expect(project.status).toBe(201);
  const projectId = project.body.id as string;
  const room = await contractor.api.post<Room>('/api/rooms', { projectId, type: 'kitchen', customName: 'Back Kitchen' });
  const created = await contractor.api.post<ChecklistItem>('/api/checklist-items', { roomId: room.body.id, category: 'standard', name: 'Wall Paint Color', ...item });
  expect(created.status).toBe(201);
  return { contractor, client, projectId, room: room.body, item: created.body };
}

/** A write as the outbox sends it: its own key, the device's time, the version it was made against. */
const send = (api: ApiClient, method: string, path: string, body: unknown, headers: Record<string, string> = {}) => api.request(method, path, body, { 'idempotency-key': ulid(), ...headers });
const patchItem = (api: ApiClient, itemId: string, body: unknown, headers: Record<string, string> = {}) => send(api, 'PATCH', `/api/checklist-items/${itemId}`, body, headers);

const eventsOf = (itemId: string) => eventStore().readStream(itemStreamId(itemId));
const itemNow = async (api: ApiClient, roomId: string, itemId: string) => ((await api.get<ChecklistItem[]>(`/api/rooms/${roomId}/items`)).body).find((found) => found.id === itemId)!;

describe('the same command, more than once', () => {
  it('appends once and answers the same status and body, sent twice and then 20 times at once', async () => {
    const { contractor, room, item } = await projectWithItem();
    const key = { 'idempotency-key': ulid() };
    const body = { details: 'Sage green, eggshell' };
    const first = await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, body, key);
    const again = await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, body, key);
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await eventsOf(item.id)).toHaveLength(2);

    const burstKey = { 'idempotency-key': ulid() };
    const flag = { purchasesMade: true };
    const answers = await Promise.all(Array.from({ length: 20 }, () => contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, flag, burstKey)));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(answers[0]!.body).toMatchObject({ purchasesMade: true, version: 3 });
    expect((await eventsOf(item.id)).map((event) => event.type)).toEqual(['ItemAdded', 'ItemDetailsEdited', 'ItemFlagSet']);
    expect(await itemNow(contractor.api, room.id, item.id)).toMatchObject({ purchasesMade: true, version: 3 });
  });

  it('answers each of 20 copies of a create, a delete, a chat message and a room the first answer, and makes each once', async () => {
    const { contractor, client, projectId, room } = await projectWithItem();
    const burst = async (api: ApiClient, method: string, path: string, body?: unknown) => {
      const key = { 'idempotency-key': ulid() };
      const answers = await Promise.all(Array.from({ length: 20 }, () => api.request(method, path, body, key)));
      // Byte for byte: the answers' keys in the same order too.
      expect(new Set(answers.map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`)).size, path).toBe(1);
      // A late copy, after all of them: the first answer still.
      expect(await api.request(method, path, body, key)).toEqual(answers[0]);
      return answers[0]!;
    };
    const created = await burst(contractor.api, 'POST', '/api/checklist-items', { roomId: room.id, category: 'standard', name: 'Pendant Lights' });
    expect(created.status).toBe(201);
    const named = (await contractor.api.get<ChecklistItem[]>(`/api/rooms/${room.id}/items`)).body.filter((found) => found.name === 'Pendant Lights');
    expect(named).toHaveLength(1);

    const deleted = await burst(contractor.api, 'DELETE', `/api/checklist-items/${created.body.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Item deleted' } });
    expect((await eventsOf(created.body.id)).map((event) => event.type)).toEqual(['ItemAdded', 'ItemDeleted']);

    const posted = await burst(client.api, 'POST', '/api/chat', { projectId, message: 'The basement has no signal' });
    expect(posted.status).toBe(201);
    expect((await client.api.get(`/api/projects/${projectId}/chat`)).body).toHaveLength(1);

    const added = await burst(contractor.api, 'POST', '/api/rooms', { projectId, type: 'bedroom' });
    expect(added.status).toBe(201);
    const bedrooms = (await contractor.api.get<Room[]>(`/api/projects/${projectId}/rooms`)).body.filter((found) => found.type === 'bedroom');
    expect(bedrooms.map((found) => found.id)).toContain(added.body.id);
    // The template's bedroom and this one: made once.
    expect(bedrooms).toHaveLength(2);
  });

  it('refuses a key reused for another body with 422, and appends nothing', async () => {
    const { contractor, item } = await projectWithItem();
    const key = { 'idempotency-key': ulid() };
    await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { details: 'One' }, key);
    const reused = await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { details: 'Two' }, key);
    expect(reused.status).toBe(422);
    expect(reused.body.message).toContain('Idempotency-Key');
    expect(await eventsOf(item.id)).toHaveLength(2);
  });

  it('keeps the first answer 8 days, then DynamoDB’s TTL removes it', async () => {
    const { contractor, item } = await projectWithItem();
    const key = ulid();
    const sent = Date.now();
    await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { details: 'Kept a week' }, { 'idempotency-key': key });
    const me = (await contractor.api.get('/api/auth/me')).body.id as string;
    const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.idempotency(me, key) }));
    const days = ((Item!.expiresAt as number) * 1000 - sent) / 86_400_000;
    expect(days).toBeGreaterThan(7.99);
    expect(days).toBeLessThan(8.01);
    expect(JSON.parse(Item!.response)).toMatchObject({ id: item.id, details: 'Kept a week' });
  });
});

describe('a text edited against an old base', () => {
  it("answers 409 with the client's current details and changes nothing; against the current base it applies", async () => {
    const { contractor, client, room, item } = await projectWithItem({ details: 'White' });
    // The client edits online; the contractor's offline edit was made against 'White'.
    expect((await patchItem(client.api, item.id, { details: 'Sage green' })).status).toBe(200);
    const before = (await eventsOf(item.id)).length;

    const stale = await patchItem(contractor.api, item.id, { details: 'Navy', base: { details: 'White' } });
    expect(stale.status).toBe(409);
    const answer = stale.body as EditConflictAnswer;
    expect(answer).toMatchObject({ message: CONFLICT, fieldErrors: { details: [CONFLICT] }, current: { details: 'Sage green' }, item: { id: item.id, details: 'Sage green', version: before } });
    expect(await eventsOf(item.id)).toHaveLength(before);
    expect((await itemNow(client.api, room.id, item.id)).details).toBe('Sage green');

    // The same text both ways is no conflict; the current base applies.
    expect((await patchItem(contractor.api, item.id, { details: 'Sage green', base: { details: 'White' } })).status).toBe(200);
    const current = await patchItem(contractor.api, item.id, { details: 'Navy', base: { details: 'Sage green' } });
    expect(current).toMatchObject({ status: 200, body: { details: 'Navy', version: before + 1 } });
    // Without a base, last write wins, as the online app always did.
    expect((await patchItem(client.api, item.id, { details: 'Teal' })).body.details).toBe('Teal');
  });

  it('applies a flag set against an old Base-Version on top of what happened meanwhile', async () => {
    const { contractor, client, room, item } = await projectWithItem();
    expect((await patchItem(client.api, item.id, { details: 'Changed meanwhile' })).status).toBe(200);
    const set = await patchItem(contractor.api, item.id, { purchasesMade: true }, { 'base-version': String(item.version) });
    expect(set.status).toBe(200);
    expect(await itemNow(client.api, room.id, item.id)).toMatchObject({ purchasesMade: true, details: 'Changed meanwhile' });
  });

  it('merges lists: the client’s link and the contractor’s offline link are both kept; a removal removes only that entry', async () => {
    const { contractor, client, room, item } = await projectWithItem({});
    await patchItem(contractor.api, item.id, { referenceLinks: ['https://paint.example/a'] });
    // Online, the client adds a link; offline, the contractor added another to the list as it was.
    await patchItem(client.api, item.id, { referenceLinks: ['https://paint.example/a', 'https://paint.example/client'] });
    const merged = await patchItem(contractor.api, item.id, { referenceLinks: ['https://paint.example/a', 'https://paint.example/offline'], base: { referenceLinks: ['https://paint.example/a'] } });
    expect(merged.status).toBe(200);
    expect(merged.body.referenceLinks).toEqual(['https://paint.example/a', 'https://paint.example/client', 'https://paint.example/offline']);

    // Removing 'a' against the old base leaves what others added since.
    const removed = await patchItem(contractor.api, item.id, { referenceLinks: [], base: { referenceLinks: ['https://paint.example/a'] } });
    expect(removed.body.referenceLinks).toEqual(['https://paint.example/client', 'https://paint.example/offline']);
    expect((await itemNow(client.api, room.id, item.id)).referenceLinks).toEqual(['https://paint.example/client', 'https://paint.example/offline']);
  });

  it('merges cabinet details key by key, and refuses a key both changed differently with the whole current object', async () => {
    const { contractor, client, room, item } = await projectWithItem({ itemType: 'cabinet', cabinetDetails: { style: 'Shaker' } });
    await patchItem(client.api, item.id, { cabinetDetails: { style: 'Shaker', wood: 'Oak' } });
    // Offline, the contractor set the colour on what they saw: the client's wood stays.
    const merged = await patchItem(contractor.api, item.id, { cabinetDetails: { style: 'Shaker', color: 'White' }, base: { cabinetDetails: { style: 'Shaker' } } });
    expect(merged.status).toBe(200);
    expect(merged.body.cabinetDetails).toEqual({ style: 'Shaker', wood: 'Oak', color: 'White' });

    await patchItem(client.api, item.id, { cabinetDetails: { style: 'Flat', wood: 'Oak', color: 'White' } });
    const before = (await eventsOf(item.id)).length;
    const stale = await patchItem(contractor.api, item.id, { cabinetDetails: { style: 'Raised', wood: 'Oak', color: 'White' }, base: { cabinetDetails: { style: 'Shaker', wood: 'Oak', color: 'White' } } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: CONFLICT, fieldErrors: { cabinetDetails: [CONFLICT] }, current: { cabinetDetails: { style: 'Flat', wood: 'Oak', color: 'White' } } });
    expect(await eventsOf(item.id)).toHaveLength(before);
    expect((await itemNow(client.api, room.id, item.id)).cabinetDetails).toEqual({ style: 'Flat', wood: 'Oak', color: 'White' });
  });

  it("answers a room rename against an old base 409 with the name now; against the current base it applies", async () => {
    const { contractor, projectId, room } = await projectWithItem();
    expect((await send(contractor.api, 'PUT', `/api/rooms/${room.id}`, { customName: 'Chef Kitchen' })).status).toBe(200);
    const stale = await send(contractor.api, 'PUT', `/api/rooms/${room.id}`, { customName: 'Summer Kitchen', base: { customName: 'Back Kitchen' } });
    expect(stale.status).toBe(409);
    expect(stale.body as RoomConflictAnswer).toMatchObject({ message: CONFLICT, fieldErrors: { customName: [CONFLICT] }, current: { customName: 'Chef Kitchen' }, room: { id: room.id, customName: 'Chef Kitchen' } });
    const renames = (await eventStore().readStream(projectStreamId(projectId))).filter((event) => event.type === 'RoomRenamed');
    expect(renames).toHaveLength(1);

    const applied = await send(contractor.api, 'PUT', `/api/rooms/${room.id}`, { customName: 'Summer Kitchen', base: { customName: 'Chef Kitchen' } });
    expect(applied).toMatchObject({ status: 200, body: { customName: 'Summer Kitchen' } });
  });
});

describe('Device-Time and Base-Version', () => {
  it('are kept in the events’ meta apart from the server’s time, shown in the history, and the export still verifies', async () => {
    const { contractor, projectId, item } = await projectWithItem();
    const madeAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const answer = await patchItem(contractor.api, item.id, { details: 'Measured in the basement' }, { 'device-time': madeAt, 'base-version': String(item.version) });
    expect(answer.status).toBe(200);
    const edited = (await eventsOf(item.id)).at(-1)!;
    expect(edited.meta).toMatchObject({ deviceTime: madeAt, baseVersion: 1 });
    expect(Date.parse(edited.meta.at) - Date.parse(madeAt)).toBeGreaterThan(3 * 3_600_000 - 60_000);

    const history = (await contractor.api.get<ItemHistory>(`/api/checklist-items/${item.id}/history`)).body;
    expect(history.entries.at(-1)).toMatchObject({ eventType: 'ItemDetailsEdited', deviceTime: madeAt });
    expect(history.entries[0]!.deviceTime).toBeUndefined();

    const document = (await contractor.api.get<AuditExport>(`/api/projects/${projectId}/audit-export`)).body;
    const file = join(workDir, 'export.json');
    writeFileSync(file, JSON.stringify(document));
    const verified = await runScript('audit-verify', [file, '--jwks', `${new ApiClient().baseUrl}/api/audit/keys`]);
    expect(verified.out).toContain(`ok   ${itemStreamId(item.id)} 2 events`);
    expect(verified.code).toBe(0);
  });

  it('answer 400 naming the malformed header, and append nothing', async () => {
    const { contractor, item } = await projectWithItem();
    for (const [header, value] of [
      ['device-time', 'yesterday'],
      ['device-time', '2026-11-26T21:00:00'],
      ['device-time', '1999-12-31T23:59:59Z'],
      ['base-version', '-1'],
      ['base-version', 'seven'],
      ['base-version', '1000000001'],
    ] as const) {
      const answer = await patchItem(contractor.api, item.id, { purchasesMade: true }, { [header]: value });
      const name = header === 'device-time' ? 'Device-Time' : 'Base-Version';
      expect(answer.status, `${header}: ${value}`).toBe(400);
      expect(Object.keys(answer.body.fieldErrors), `${header}: ${value}`).toEqual([name]);
    }
    expect(await eventsOf(item.id)).toHaveLength(1);
  });
});

describe('an id made by the app offline', () => {
  it('creates the item with it; the id again with another key answers 409 naming id; another tenant learns nothing', async () => {
    const { contractor, room } = await projectWithItem();
    const id = randomUUID();
    const created = await send(contractor.api, 'POST', '/api/checklist-items', { id, roomId: room.id, category: 'standard', name: 'Made offline' });
    expect(created).toMatchObject({ status: 201, body: { id, name: 'Made offline', version: 1 } });
    // Changed offline before it reached the server: the change names the same id.
    expect((await patchItem(contractor.api, id, { details: 'Two coats' })).body).toMatchObject({ id, details: 'Two coats', version: 2 });

    const again = await send(contractor.api, 'POST', '/api/checklist-items', { id, roomId: room.id, category: 'standard', name: 'Made twice' });
    expect(again).toMatchObject({ status: 409, body: { message: 'This id is already used', fieldErrors: { id: ['This id is already used'] } } });
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['ItemAdded', 'ItemDetailsEdited']);

    // Another contractor using the id in their own room: the same words, none of the item's.
    const other = await projectWithItem();
    const taken = await send(other.contractor.api, 'POST', '/api/checklist-items', { id, roomId: other.room.id, category: 'standard', name: 'Mine?' });
    expect(taken).toEqual({ status: 409, body: { message: 'This id is already used', fieldErrors: { id: ['This id is already used'] } }, setCookies: [] });
    expect(JSON.stringify(taken.body)).not.toMatch(/Made offline|Two coats|Field House/);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['ItemAdded', 'ItemDetailsEdited']);
    expect((await other.contractor.api.request('PATCH', `/api/checklist-items/${id}`, { details: 'Hijack' })).status).toBe(404);
  });

  it("creates a room with it; another project's room id, or a room of this one, answers 409 naming id", async () => {
    const { contractor, projectId, room } = await projectWithItem();
    const id = randomUUID();
    const created = await send(contractor.api, 'POST', '/api/rooms', { id, projectId, type: 'bedroom' });
    expect(created).toMatchObject({ status: 201, body: { id, projectId, type: 'bedroom' } });
    for (const taken of [id, room.id]) {
      const again = await send(contractor.api, 'POST', '/api/rooms', { id: taken, projectId, type: 'study' });
      expect(again).toMatchObject({ status: 409, body: { message: 'This id is already used', fieldErrors: { id: ['This id is already used'] } } });
    }
    const other = await projectWithItem();
    const foreign = await send(other.contractor.api, 'POST', '/api/rooms', { id, projectId: other.projectId, type: 'study' });
    expect(foreign).toEqual({ status: 409, body: { message: 'This id is already used', fieldErrors: { id: ['This id is already used'] } }, setCookies: [] });
    expect((await contractor.api.get<Room[]>(`/api/projects/${projectId}/rooms`)).body.filter((found) => found.id === id)).toHaveLength(1);
  });

  it('refuses an id that is not a UUID with 400 naming id', async () => {
    const { contractor, room } = await projectWithItem();
    const answer = await send(contractor.api, 'POST', '/api/checklist-items', { id: 'item-1', roomId: room.id, category: 'standard', name: 'Bad id' });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fieldErrors)).toEqual(['id']);
  });
});
