import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, type AuditExport, type ProjectAudit, type ProjectAuditEntry } from '../../contract/audit';
import { chatStreamId, itemStreamId, projectStreamId } from '../../events/streams';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { signedUp } from '../support/accounts';
import { ApiClient } from '../support/api-client';

/**
 * GET /api/projects/{id}/audit, the Audit page's read: every change of the project, newest first,
 * filtered and paged, and whether the record verifies, checked as both people and an outsider
 * would see it, and after an insider edits the event store.
 */

const nameOf = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;
const ok = (answer: { status: number; body: any }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
};

async function projectWithChanges() {
  const client = await signedUp('client');
  const contractor = await signedUp('contractor');
  const project = ok(await contractor.api.post('/api/projects', { name: 'Audit Lane', address: '9 Record Row', clientName: 'Chris Owner', clientEmail: client.user.email }));
  const [room] = ok(await contractor.api.get(`/api/projects/${project.id}/rooms`));
  const item = ok(await contractor.api.post('/api/checklist-items', { roomId: room.id, category: 'standard', name: 'Herringbone floor' }));
  ok(await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { contractorCompleted: true }));
  const beforeClient = new Date().toISOString();
  ok(await client.api.request('PATCH', `/api/checklist-items/${item.id}`, { details: 'Oak, matte' }));
  ok(await client.api.request('PATCH', `/api/checklist-items/${item.id}`, { clientCompleted: true }));
  const afterClient = new Date().toISOString();
  const removed = ok(await contractor.api.post('/api/checklist-items', { roomId: room.id, category: 'standard', name: 'Skirting boards' }));
  ok(await contractor.api.delete(`/api/checklist-items/${removed.id}`));
  ok(await contractor.api.request('PUT', `/api/rooms/${room.id}`, { customName: 'Front Room' }));
  ok(await client.api.post('/api/chat', { projectId: project.id, message: 'I approved the oak, not the tile.' }));
  return { client, contractor, project, room, item, removed, beforeClient, afterClient };
}

const auditOf = async (api: ApiClient, projectId: string, query: Record<string, string> = {}): Promise<ProjectAudit> => {
  const search = new URLSearchParams(query).toString();
  return ok(await api.get(`/api/projects/${projectId}/audit${search ? `?${search}` : ''}`));
};

/** Every entry of the trail, page after page. */
async function allPages(api: ApiClient, projectId: string, query: Record<string, string> = {}): Promise<{ pages: ProjectAudit[]; entries: ProjectAuditEntry[] }> {
  const pages = [await auditOf(api, projectId, query)];
  while (pages.at(-1)!.nextCursor) pages.push(await auditOf(api, projectId, { ...query, before: pages.at(-1)!.nextCursor! }));
  return { pages, entries: pages.flatMap((page) => page.entries) };
}

describe('the project audit trail', () => {
  it('lists every change of the project, both people and the chat, newest first, with what each is about, and verifies', async () => {
    const { client, contractor, project, room, item, removed } = await projectWithChanges();
    const { pages, entries } = await allPages(contractor.api, project.id);
    const exported: AuditExport = ok(await contractor.api.get(`/api/projects/${project.id}/audit-export`));
    const eventCount = exported.streams.reduce((sum, stream) => sum + stream.events.length, 0);

    // One entry per stored event, each once, the newest first.
    expect(entries).toHaveLength(eventCount);
    expect(pages[0]!.total).toBe(eventCount);
    expect(new Set(entries.map((entry) => `${entry.streamId}/${entry.version}`)).size).toBe(eventCount);
    expect(entries.map((entry) => entry.at)).toEqual([...entries.map((entry) => entry.at)].sort().reverse());
    expect(pages[0]!.verification).toMatchObject({ verified: true, streams: exported.streams.length, events: eventCount, checkpoints: 0, failures: [] });

    const [chat, rename] = entries;
    expect(chat).toMatchObject({ streamId: chatStreamId(project.id), eventType: 'MessagePosted', actor: { id: client.user.id, role: 'client' }, subject: { kind: 'chat' } });
    expect(chat!.changes).toEqual([{ field: 'message', before: null, after: 'I approved the oak, not the tile.' }]);
    expect(rename).toMatchObject({ streamId: projectStreamId(project.id), eventType: 'RoomRenamed', subject: { kind: 'room', roomId: room.id, roomName: 'Front Room' } });
    // Rooms are named as the checklist names them: the template's whole-home room reads 'Interior'.
    expect(room.type).toBe('whole_home');
    expect(rename!.changes).toEqual([{ field: `room:${room.id}`, before: 'Interior', after: 'Front Room' }]);

    const details = entries.find((entry) => entry.streamId === itemStreamId(item.id) && entry.eventType === 'ItemDetailsEdited')!;
    expect(details).toMatchObject({ actor: { id: client.user.id, name: nameOf(client.user), role: 'client' }, subject: { kind: 'item', itemId: item.id, itemName: 'Herringbone floor', roomId: room.id, roomName: 'Front Room' } });
    expect(details.changes).toEqual([{ field: 'details', before: '', after: 'Oak, matte' }]);
    // A deleted item keeps its history and its place in the filters.
    expect(entries.filter((entry) => entry.subject.itemId === removed.id).map((entry) => entry.eventType)).toEqual(['ItemDeleted', 'ItemAdded']);

    const { filters } = pages[0]!;
    expect(filters.people).toEqual(expect.arrayContaining([{ id: contractor.user.id, name: nameOf(contractor.user), role: 'contractor' }, { id: client.user.id, name: nameOf(client.user), role: 'client' }]));
    expect(filters.rooms).toContainEqual({ id: room.id, name: 'Front Room' });
    expect(filters.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: removed.id, name: 'Skirting boards', roomName: 'Front Room' })]));

    // The client reads the same trail.
    expect((await auditOf(client.api, project.id)).total).toBe(eventCount);
  });

  it('filters by person, item, room and time, and pages through the result without gaps or repeats', async () => {
    const { client, contractor, project, room, item, beforeClient, afterClient } = await projectWithChanges();
    const everything = (await allPages(contractor.api, project.id)).entries;

    const byClient = await allPages(contractor.api, project.id, { person: client.user.id });
    expect(byClient.entries.length).toBeGreaterThan(0);
    expect(byClient.entries.every((entry) => entry.actor.id === client.user.id)).toBe(true);
    expect(byClient.entries).toHaveLength(everything.filter((entry) => entry.actor.id === client.user.id).length);

    const ofItem = (await auditOf(contractor.api, project.id, { item: item.id })).entries;
    expect(ofItem.map((entry) => entry.eventType)).toEqual(['ItemFlagSet', 'ItemDetailsEdited', 'ItemFlagSet', 'ItemAdded']);

    const inRoom = (await allPages(contractor.api, project.id, { room: room.id })).entries;
    expect(inRoom.every((entry) => entry.subject.roomId === room.id)).toBe(true);
    expect(inRoom.some((entry) => entry.subject.kind === 'room') && inRoom.some((entry) => entry.subject.kind === 'item')).toBe(true);

    // The client's two edits, and nothing else of that item, between the two moments.
    const between = (await auditOf(contractor.api, project.id, { item: item.id, from: beforeClient, to: afterClient })).entries;
    expect(between.map((entry) => [entry.eventType, entry.actor.role])).toEqual([
      ['ItemFlagSet', 'client'],
      ['ItemDetailsEdited', 'client'],
    ]);

    // More than a page: the pages together are the whole trail, in order, each entry once.
    for (let toggle = 0; toggle < AUDIT_PAGE_SIZE; toggle++) ok(await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { purchasesMade: toggle % 2 === 0 }));
    const first = await auditOf(contractor.api, project.id);
    expect(first.total).toBe(everything.length + AUDIT_PAGE_SIZE);
    const { pages, entries } = await allPages(contractor.api, project.id);
    expect(pages.length).toBe(Math.ceil(first.total / AUDIT_PAGE_SIZE));
    expect(pages[0]!.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(entries.slice(AUDIT_PAGE_SIZE)).toEqual(everything);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('answers 404 to another contractor, 401 to no one, and 400 naming the field to a malformed filter or cursor', async () => {
    const { contractor, project } = await projectWithChanges();
    const stranger = await signedUp('contractor');
    const denied = await stranger.api.get(`/api/projects/${project.id}/audit`);
    expect(denied.status).toBe(404);
    expect(JSON.stringify(denied.body)).not.toContain('Audit Lane');
    expect((await new ApiClient().get(`/api/projects/${project.id}/audit`)).status).toBe(401);
    for (const [field, value] of [
      ['from', 'yesterday'],
      ['to', '2026-13-40T00:00:00Z'],
      ['before', 'not-a-cursor'],
      ['person', 'x'.repeat(101)],
    ]) {
      const answer = await contractor.api.get(`/api/projects/${project.id}/audit?${field}=${encodeURIComponent(value!)}`);
      expect(answer.status, `${field}=${value}`).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
  });

  it('says the record does not verify once an event is edited in the database, naming the stream and version', async () => {
    const { contractor, project, item } = await projectWithChanges();
    const exported: AuditExport = ok(await contractor.api.get(`/api/projects/${project.id}/audit-export`));
    const stream = exported.streams.find((candidate) => candidate.streamId === itemStreamId(item.id))!;
    const edited = { ...stream.events[2]!, data: { ...(stream.events[2]!.data as object), to: 'Tile, glossy' } };
    await dynamo().send(new PutCommand({ TableName: config().eventsTable, Item: edited }));

    const { verification, entries } = await auditOf(contractor.api, project.id);
    expect(verification.verified).toBe(false);
    expect(verification.failures).toContainEqual(expect.stringMatching(new RegExp(`^${itemStreamId(item.id)} v3: edited`)));
    // The page still lists what is stored, so an auditor sees what was changed.
    expect(entries.find((entry) => entry.streamId === itemStreamId(item.id) && entry.version === 3)!.changes).toEqual([{ field: 'details', before: '', after: 'Tile, glossy' }]);
  });
});
