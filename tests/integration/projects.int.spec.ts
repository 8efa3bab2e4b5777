import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { signedUp, uniqueEmail } from '../support/accounts';
import { comparableViews } from '../support/views';

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
  return answer.body as { id: string; clientEmail: string };
}

describe('project lifecycle', () => {
  it('creates a project from the template, lists it with stats, and deletes it', async () => {
    const { api } = await signedUp('contractor');
    const project = await newProject(api);
    expect(project).toMatchObject({ name: 'Maple Street Remodel', address: '12 Maple Street', status: 'active' });

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

type Room = { id: string; type: string; name: string; customName: string | null; totalItems: number; completedItems: number };
type Item = { id: string; name: string; category: string; itemType: string; completed: boolean; contractorCompleted: boolean; clientCompleted: boolean; purchasesMade: boolean; details: string; referenceLinks: string[] };

const roomsOf = async (api: ApiClient, projectId: string) => (await api.get(`/api/projects/${projectId}/rooms`)).body as Room[];
const itemsOf = async (api: ApiClient, roomId: string) => (await api.get(`/api/rooms/${roomId}/items`)).body as Item[];

/** A contractor with a project whose client has an account (assigned), and both signed in. */
async function projectWithClient() {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client');
  const project = await newProject(contractor.api, { clientEmail: client.user.email.toUpperCase() });
  return { contractor, client, project };
}

describe('room numbering (spec section 5)', () => {
  it('numbers bedrooms and bathrooms after the highest, and names a second kitchen and laundry room', async () => {
    const { api } = await signedUp('contractor');
    const project = await newProject(api);
    const add = async (type: string, extra: Record<string, unknown> = {}) => {
      const answer = await api.post('/api/rooms', { projectId: project.id, type, name: 'ignored', customName: 'ignored', ...extra });
      expect(answer.status).toBe(201);
      return answer.body as Room;
    };
    // The template has 'Bedroom 1', 'Bathroom 1', one kitchen and one laundry room.
    expect((await add('bedroom')).customName).toBe('Bedroom 2');
    const bedrooms = (await roomsOf(api, project.id)).filter((room) => room.type === 'bedroom');
    await api.put(`/api/rooms/${bedrooms[1]!.id}`, { customName: 'bedroom 7' });
    expect((await add('bedroom')).customName).toBe('Bedroom 8');
    expect((await add('bathroom')).customName).toBe('Bathroom 2');
    // The first kitchen has no number: the next is the highest number (none) plus one.
    expect((await add('kitchen'))).toMatchObject({ name: 'Kitchen', customName: 'Kitchen 1' });
    expect((await add('kitchen')).customName).toBe('Kitchen 2');
    expect((await add('laundry'))).toMatchObject({ name: 'Laundry Room', customName: 'Laundry Room 1' });
    expect(await add('study', { name: 'Library', customName: null })).toMatchObject({ name: 'Library', customName: null });
  });

  it("gives a project's first kitchen and laundry room no custom name", async () => {
    const { api } = await signedUp('contractor');
    const project = await newProject(api);
    const rooms = await roomsOf(api, project.id);
    for (const room of rooms.filter((r) => r.type === 'kitchen' || r.type === 'laundry')) await api.delete(`/api/rooms/${room.id}`);
    const kitchen = await api.post('/api/rooms', { projectId: project.id, type: 'kitchen' });
    expect(kitchen.body).toMatchObject({ name: 'Kitchen', customName: null });
  });

  it('refuses a blank rename and the deletion of the whole-home room, changing nothing', async () => {
    const { api } = await signedUp('contractor');
    const project = await newProject(api);
    const [home] = await roomsOf(api, project.id);
    const blank = await api.put(`/api/rooms/${home!.id}`, { customName: '   ' });
    expect(blank).toMatchObject({ status: 400, body: { fieldErrors: { customName: ['Room name is required'] } } });
    expect((await api.delete(`/api/rooms/${home!.id}`)).status).toBe(400);
    expect((await roomsOf(api, project.id))[0]).toMatchObject({ id: home!.id, customName: null });
  });
});

describe('flags, roles and stats', () => {
  it('lets only the contractor set Selected and only the client set Installed; both set Purchased', async () => {
    const { contractor, client, project } = await projectWithClient();
    const [home] = await roomsOf(contractor.api, project.id);
    const [item] = await itemsOf(contractor.api, home!.id);
    const patch = (api: ApiClient, body: object) => api.request('PATCH', `/api/checklist-items/${item!.id}`, body);

    expect(await patch(client.api, { contractorCompleted: true })).toMatchObject({ status: 403, body: { message: 'Only the contractor can set Selected.' } });
    expect(await patch(contractor.api, { clientCompleted: true })).toMatchObject({ status: 403, body: { message: 'Only the client can set Installed.' } });
    expect((await itemsOf(client.api, home!.id))[0]).toMatchObject({ contractorCompleted: false, clientCompleted: false });

    expect((await patch(contractor.api, { contractorCompleted: true })).body).toMatchObject({ contractorCompleted: true, completed: false });
    expect((await patch(client.api, { purchasesMade: true })).body).toMatchObject({ purchasesMade: true, completed: false });
    expect((await patch(client.api, { clientCompleted: true })).body).toMatchObject({ clientCompleted: true, completed: true });
    expect((await patch(contractor.api, { purchasesMade: false })).body).toMatchObject({ purchasesMade: false, completed: false });
  });

  it('keeps the stats exact after a mixed sequence of toggles, and marks a room complete only when all its items are', async () => {
    const { contractor, client, project } = await projectWithClient();
    const rooms = await roomsOf(contractor.api, project.id);
    const dining = rooms.find((room) => room.type === 'dining_room')!;
    const items = await itemsOf(contractor.api, dining.id);
    const total = rooms.reduce((sum, room) => sum + room.totalItems, 0);
    const set = (api: ApiClient, id: string, body: object) => api.request('PATCH', `/api/checklist-items/${id}`, body);

    for (const item of items) {
      await set(contractor.api, item.id, { contractorCompleted: true, purchasesMade: true });
      await set(client.api, item.id, { clientCompleted: true });
    }
    await set(client.api, items[0]!.id, { clientCompleted: false });
    await set(client.api, items[0]!.id, { clientCompleted: true });
    await set(contractor.api, items[1]!.id, { contractorCompleted: false });

    const n = items.length;
    const stats = (await contractor.api.get(`/api/projects/${project.id}/stats`)).body;
    expect(stats).toEqual({
      completed: n - 1,
      total,
      percentage: Math.round(((n - 1) / total) * 100),
      contractorCompleted: n - 1,
      clientCompleted: n,
      contractorPercentage: Math.round(((n - 1) / total) * 100),
      clientPercentage: Math.round((n / total) * 100),
    });
    let [listed] = (await contractor.api.get('/api/projects/with-stats')).body;
    expect(listed.completedRooms).toBe(0);
    expect((await contractor.api.get(`/api/rooms/${dining.id}`)).body).toMatchObject({ totalItems: n, completedItems: n - 1 });

    await set(contractor.api, items[1]!.id, { contractorCompleted: true });
    [listed] = (await contractor.api.get('/api/projects/with-stats')).body;
    expect(listed).toMatchObject({ completedRooms: 1, overallCompletion: Math.round((n / total) * 100) });
    const [clientListed] = (await client.api.get('/api/client-projects')).body;
    expect(clientListed).toEqual({ id: project.id, name: 'Maple Street Remodel', status: 'active', address: '12 Maple Street', startDate: null, stats: { overallCompletion: n / total } });
  });
});

describe('tenant isolation', () => {
  it("answers 404 to another contractor and to a client who is not assigned, on every route of someone else's project", async () => {
    const { contractor, project } = await projectWithClient();
    const [home] = await roomsOf(contractor.api, project.id);
    const [item] = await itemsOf(contractor.api, home!.id);
    const stranger = await signedUp('contractor');
    const otherClient = await signedUp('client');
    // [method, path, body, contractor-only route (a client is refused by role before any lookup: 403)]
    const attempts: [string, string, unknown, boolean][] = [
      ['GET', `/api/projects/${project.id}/stats`, undefined, false],
      ['GET', `/api/projects/${project.id}/history`, undefined, false],
      ['GET', `/api/projects/${project.id}/rooms`, undefined, false],
      ['PUT', `/api/projects/${project.id}`, projectForm(), true],
      ['PATCH', `/api/projects/${project.id}`, { lockBoxCode: '1234' }, true],
      ['DELETE', `/api/projects/${project.id}`, undefined, true],
      ['GET', `/api/rooms/${home!.id}`, undefined, false],
      ['GET', `/api/rooms/${home!.id}/items`, undefined, false],
      ['POST', '/api/rooms', { projectId: project.id, type: 'bedroom' }, true],
      ['PUT', `/api/rooms/${home!.id}`, { customName: 'Mine now' }, true],
      ['DELETE', `/api/rooms/${home!.id}`, undefined, true],
      ['POST', '/api/checklist-items', { roomId: home!.id, category: 'standard', name: 'Sneaky' }, true],
      ['PATCH', `/api/checklist-items/${item!.id}`, { purchasesMade: true }, false],
      ['PUT', `/api/checklist-items/${item!.id}`, { details: 'mine' }, false],
      ['DELETE', `/api/checklist-items/${item!.id}`, undefined, true],
    ];
    for (const [method, path, body, contractorOnly] of attempts) {
      const strangerAnswer = await stranger.api.request(method, path, body);
      expect([method, path, strangerAnswer.status]).toEqual([method, path, 404]);
      const clientAnswer = await otherClient.api.request(method, path, body);
      expect([method, path, clientAnswer.status]).toEqual([method, path, contractorOnly ? 403 : 404]);
      expect(JSON.stringify(clientAnswer.body ?? '') + JSON.stringify(strangerAnswer.body ?? '')).not.toContain('Maple Street');
    }
    expect((await stranger.api.get('/api/projects/with-stats')).body).toEqual([]);
    expect((await otherClient.api.get('/api/client-projects')).body).toEqual([]);
    // Nothing changed.
    expect((await itemsOf(contractor.api, home!.id)).find((i) => i.id === item!.id)).toMatchObject({ purchasesMade: false, details: item!.details });
    expect((await roomsOf(contractor.api, project.id))).toHaveLength(8);
  });
});

describe('client assignment by e-mail', () => {
  it('assigns a project to an existing client account with its client e-mail, in any case', async () => {
    const { client, project } = await projectWithClient();
    expect((await client.api.get('/api/client-projects')).body.map((p: { id: string }) => p.id)).toEqual([project.id]);
    expect((await client.api.get('/api/projects')).body.map((p: { id: string }) => p.id)).toEqual([project.id]);
  });

  it('assigns waiting projects to a client who signs up later with that e-mail, and moves them when the e-mail changes', async () => {
    const contractor = await signedUp('contractor');
    const email = uniqueEmail('later');
    const project = await newProject(contractor.api, { clientEmail: email });
    const client = await signedUp('client', { email });
    expect((await client.api.get('/api/client-projects')).body.map((p: { id: string }) => p.id)).toEqual([project.id]);

    const updated = await contractor.api.put(`/api/projects/${project.id}`, projectForm({ clientEmail: uniqueEmail('someone-else') }));
    expect(updated.status).toBe(200);
    expect((await client.api.get('/api/client-projects')).body).toEqual([]);
    expect((await client.api.get(`/api/projects/${project.id}/stats`)).status).toBe(404);
  });

  it("removes a contractor's projects with the account, and frees a deleted client's projects", async () => {
    const { contractor, client, project } = await projectWithClient();
    expect((await client.api.delete('/api/auth/account')).status).toBe(200);
    expect((await contractor.api.get('/api/projects/with-stats')).body[0]).toMatchObject({ id: project.id });
    expect((await contractor.api.delete('/api/auth/account')).status).toBe(200);
    const again = await signedUp('contractor');
    expect((await again.api.get(`/api/projects/${project.id}/stats`)).status).toBe(404);
  });
});

describe('what a project answer tells about its client e-mail (issue 27)', () => {
  /** An answer with what differs from project to project (ids, times, the address typed) set aside. */
  const shapeOf = (answer: { status: number; body: Record<string, unknown> }) => ({
    status: answer.status,
    body: Object.fromEntries(Object.entries(answer.body).map(([key, value]) => [key, ['id', 'createdAt', 'updatedAt', 'clientEmail'].includes(key) ? typeof value : value])),
  });

  it('answers create, edit and list alike whether or not the address has an account (verified, unverified or none)', async () => {
    const contractor = await signedUp('contractor');
    const verified = await signedUp('client');
    const unverified = await signedUp('client', {}, { verified: false });
    const addresses = [verified.user.email, unverified.user.email, uniqueEmail('nobody')];

    const created = await Promise.all(addresses.map((clientEmail) => contractor.api.post('/api/projects', projectForm({ clientEmail }))));
    const [first, ...others] = created.map(shapeOf);
    expect(first!.status).toBe(201);
    for (const other of others) expect(other).toEqual(first);
    // Nothing names an account: no client id, no field beyond the form's and the project's own.
    expect(Object.keys(created[0]!.body).sort()).toEqual(['address', 'clientEmail', 'clientName', 'clientPhone', 'contractorId', 'contractorNotes', 'createdAt', 'id', 'lockBoxCode', 'name', 'startDate', 'status', 'targetCompletionDate', 'updatedAt']);
    expect(JSON.stringify(created.map((answer) => answer.body))).not.toContain(verified.user.id);
    expect(JSON.stringify(created.map((answer) => answer.body))).not.toContain(unverified.user.id);
    // The registered client still gets the project: only the answer is silent.
    expect((await verified.api.get('/api/client-projects')).body.map((p: { id: string }) => p.id)).toEqual([created[0]!.body.id]);

    // Editing towards each address answers alike too, as do the lists.
    const edited = await Promise.all(created.map((answer, at) => contractor.api.put(`/api/projects/${answer.body.id}`, projectForm({ clientEmail: addresses[(at + 1) % 3], name: 'Renamed' }))));
    const [firstEdit, ...otherEdits] = edited.map(shapeOf);
    expect(firstEdit!.status).toBe(200);
    for (const other of otherEdits) expect(other).toEqual(firstEdit);
    const listed = (await contractor.api.get('/api/projects/with-stats')).body as Record<string, unknown>[];
    expect(new Set(listed.map((project) => Object.keys(project).sort().join()))).toHaveProperty('size', 1);
    expect(JSON.stringify(listed)).not.toContain(verified.user.id);
  });
});

describe('names that reach a mail header (issue 27)', () => {
  it('refuses a line break in the project or client name on create and edit: 400 naming the field, nothing recorded', async () => {
    const { contractor, project } = await projectWithClient();
    const historyBefore = (await contractor.api.get(`/api/projects/${project.id}/history`)).body.length;
    for (const field of ['name', 'clientName']) {
      for (const value of ['Maple\r\nBcc: victim@example.com', 'Maple\nStreet', 'Maple\rStreet', 'Maple\u2028Street']) {
        for (const [method, path] of [['POST', '/api/projects'], ['PUT', `/api/projects/${project.id}`]] as const) {
          const answer = await contractor.api.request(method, path, projectForm({ [field]: value }));
          expect([method, field, answer.status]).toEqual([method, field, 400]);
          expect(answer.body.fieldErrors).toEqual({ [field]: ['must not contain line breaks'] });
        }
      }
    }
    // A PATCH takes neither name: a name sent with it is no change.
    const patched = await contractor.api.request('PATCH', `/api/projects/${project.id}`, { status: 'active', name: 'Maple\r\nBcc: victim@example.com' });
    expect(patched.body.name).toBe('Maple Street Remodel');
    expect((await contractor.api.get(`/api/projects/${project.id}/history`)).body.length).toBe(historyBefore);
    expect((await contractor.api.get('/api/projects/with-stats')).body).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field on every write route, and appends nothing', async () => {
    const { contractor, client, project } = await projectWithClient();
    const [home] = await roomsOf(contractor.api, project.id);
    const [item] = await itemsOf(contractor.api, home!.id);
    const eventsBefore = (await contractor.api.get(`/api/projects/${project.id}/history`)).body.length;
    const cases: [ApiClient, string, string, unknown, string][] = [
      [contractor.api, 'POST', '/api/projects', projectForm({ name: ' ' }), 'name'],
      [contractor.api, 'POST', '/api/projects', projectForm({ clientEmail: 'not-an-email' }), 'clientEmail'],
      [contractor.api, 'POST', '/api/projects', projectForm({ status: 'finished' }), 'status'],
      [contractor.api, 'PUT', `/api/projects/${project.id}`, projectForm({ address: '' }), 'address'],
      [contractor.api, 'PUT', `/api/projects/${project.id}`, projectForm({ clientName: undefined }), 'clientName'],
      [contractor.api, 'PATCH', `/api/projects/${project.id}`, { status: 'done' }, 'status'],
      [contractor.api, 'POST', '/api/rooms', { projectId: project.id, type: 'garage' }, 'type'],
      [contractor.api, 'POST', '/api/rooms', { type: 'bedroom' }, 'projectId'],
      [contractor.api, 'PUT', `/api/rooms/${home!.id}`, {}, 'customName'],
      [contractor.api, 'POST', '/api/checklist-items', { roomId: home!.id, category: 'standard', name: '' }, 'name'],
      [contractor.api, 'POST', '/api/checklist-items', { roomId: home!.id, category: 'vanities', name: 'Vanity' }, 'category'],
      [contractor.api, 'POST', '/api/checklist-items', { roomId: home!.id, category: 'standard', name: 'X', contractorCompleted: true }, 'contractorCompleted'],
      [contractor.api, 'PATCH', `/api/checklist-items/${item!.id}`, { details: 'x'.repeat(501) }, 'details'],
      [client.api, 'PATCH', `/api/checklist-items/${item!.id}`, { purchasesMade: 'yes' }, 'purchasesMade'],
      [client.api, 'PATCH', `/api/checklist-items/${item!.id}`, { referenceLinks: ['https://a.example', 'https://a.example'] }, 'referenceLinks'],
      [client.api, 'PATCH', `/api/checklist-items/${item!.id}`, { referenceLinks: ['https://a.example', ' '] }, 'referenceLinks'],
      [contractor.api, 'PATCH', `/api/checklist-items/${item!.id}`, { cabinetDetails: { style: 's'.repeat(301) } }, 'cabinetDetails.style'],
      [contractor.api, 'PATCH', `/api/checklist-items/${item!.id}`, { completed: true }, 'body'],
      [contractor.api, 'PATCH', `/api/checklist-items/${item!.id}`, '{"details":', 'body'],
    ];
    for (const [api, method, path, body, field] of cases) {
      const answer = await api.request(method, path, body);
      expect([method, path, field, answer.status]).toEqual([method, path, field, 400]);
      expect(Object.keys(answer.body.fieldErrors ?? {})).toContain(field);
      expect(answer.body.message).toContain(field);
    }
    expect((await contractor.api.get(`/api/projects/${project.id}/history`)).body.length).toBe(eventsBefore);
    expect((await contractor.api.get('/api/projects/with-stats')).body).toHaveLength(1);
    expect((await itemsOf(contractor.api, home!.id)).find((i) => i.id === item!.id)).toEqual(item);
  });
});

describe('ids and references', () => {
  it('answers 400 naming the id for a malformed id (path or body), 404 for a well-formed unknown one, and changes nothing', async () => {
    const { contractor, project } = await projectWithClient();
    const [home] = await roomsOf(contractor.api, project.id);
    const historyBefore = (await contractor.api.get(`/api/projects/${project.id}/history`)).body;
    const malformed: [string, string, unknown, string][] = [
      ['GET', '/api/projects/made-up/stats', undefined, 'id'],
      ['PUT', '/api/projects/nope', projectForm(), 'id'],
      ['DELETE', `/api/projects/${'x'.repeat(5000)}`, undefined, 'id'],
      ['GET', '/api/projects/made-up/rooms', undefined, 'projectId'],
      ['GET', '/api/rooms/nope/items', undefined, 'id'],
      ['PUT', '/api/rooms/nope', { customName: 'Den' }, 'id'],
      ['PATCH', '/api/checklist-items/nope', { purchasesMade: true }, 'id'],
      ['POST', '/api/rooms', { projectId: 'made-up', type: 'bedroom' }, 'projectId'],
      ['POST', '/api/rooms', { projectId: 42, type: 'bedroom' }, 'projectId'],
      ['POST', '/api/checklist-items', { roomId: 'made-up', category: 'standard', name: 'X' }, 'roomId'],
      ['POST', '/api/checklist-items', { roomId: 'x'.repeat(5000), category: 'standard', name: 'X' }, 'roomId'],
    ];
    for (const [method, path, body, field] of malformed) {
      const answer = await contractor.api.request(method, path, body);
      expect([method, path.slice(0, 60), answer.status, Object.keys(answer.body?.fieldErrors ?? {})]).toEqual([method, path.slice(0, 60), 400, [field]]);
    }
    const unknown = randomUUID();
    const notFound: [string, string, unknown][] = [
      ['GET', `/api/projects/${unknown}/stats`, undefined],
      ['GET', `/api/rooms/${unknown}/items`, undefined],
      ['PATCH', `/api/checklist-items/${unknown}`, { purchasesMade: true }],
      ['POST', '/api/rooms', { projectId: unknown, type: 'bedroom' }],
      ['POST', '/api/checklist-items', { roomId: unknown, category: 'standard', name: 'X' }],
    ];
    for (const [method, path, body] of notFound) expect([method, path, (await contractor.api.request(method, path, body)).status]).toEqual([method, path, 404]);
    expect((await contractor.api.get(`/api/projects/${project.id}/history`)).body).toEqual(historyBefore);
    expect(await roomsOf(contractor.api, project.id)).toHaveLength(8);
    expect((await itemsOf(contractor.api, home!.id)).map((item) => item.name)).not.toContain('X');
  });

  it("puts a room only in a project the caller may change, and an item only in such a project's room", async () => {
    const { contractor, client, project } = await projectWithClient();
    const stranger = await signedUp('contractor');
    const theirs = await newProject(stranger.api);
    const [theirRoom] = await roomsOf(stranger.api, theirs.id);
    const [ownRoom] = await roomsOf(contractor.api, project.id);
    // Another tenant's project or room: as if it did not exist.
    expect((await contractor.api.post('/api/rooms', { projectId: theirs.id, type: 'bedroom' })).status).toBe(404);
    expect((await contractor.api.post('/api/checklist-items', { roomId: theirRoom!.id, category: 'standard', name: 'Sneaky' })).status).toBe(404);
    // The project's client may not change rooms or items (contractor routes).
    expect((await client.api.post('/api/rooms', { projectId: project.id, type: 'bedroom' })).status).toBe(403);
    expect((await client.api.post('/api/checklist-items', { roomId: ownRoom!.id, category: 'standard', name: 'Sneaky' })).status).toBe(403);
    // A deleted room takes no item.
    const bedroom = (await contractor.api.post('/api/rooms', { projectId: project.id, type: 'bedroom' })).body;
    expect((await contractor.api.delete(`/api/rooms/${bedroom.id}`)).status).toBe(200);
    expect((await contractor.api.post('/api/checklist-items', { roomId: bedroom.id, category: 'standard', name: 'Late' })).status).toBe(404);
    expect(await roomsOf(stranger.api, theirs.id)).toHaveLength(8);
    expect((await itemsOf(stranger.api, theirRoom!.id)).map((item) => item.name)).not.toContain('Sneaky');
  });
});

describe('stored links and images', () => {
  it('accepts only http(s) links, and http(s) or /objects/ images, in every list and cabinet part, naming the field', async () => {
    const { contractor, project } = await projectWithClient();
    const rooms = await roomsOf(contractor.api, project.id);
    const kitchen = rooms.find((room) => room.type === 'kitchen')!;
    const exterior = rooms.find((room) => room.type === 'exterior')!;
    const cabinet = (await itemsOf(contractor.api, kitchen.id)).find((item) => item.itemType === 'cabinet')!;
    const knobs = (await itemsOf(contractor.api, exterior.id)).find((item) => item.category === 'door_knobs')!;
    const patch = (id: string, body: object) => contractor.api.request('PATCH', `/api/checklist-items/${id}`, body);
    const historyBefore = (await contractor.api.get(`/api/projects/${project.id}/history`)).body;
    const unsafe = ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', 'not a url'];
    for (const value of unsafe) {
      for (const field of ['referenceLinks', 'referenceImages', 'cabinetLinks', 'cabinetImages']) {
        const answer = await patch(cabinet.id, { [field]: [value] });
        expect([field, value, answer.status, Object.keys(answer.body.fieldErrors ?? {})]).toEqual([field, value, 400, [field]]);
      }
      for (const part of ['styleLinks', 'pullsImages']) {
        const answer = await patch(cabinet.id, { cabinetDetails: { [part]: [value] } });
        expect([part, value, answer.status, Object.keys(answer.body.fieldErrors ?? {})]).toEqual([part, value, 400, [`cabinetDetails.${part}`]]);
      }
      const create = await contractor.api.post('/api/checklist-items', { roomId: kitchen.id, category: 'specific', name: 'Cabinets 2', itemType: 'cabinet', cabinetDetails: { woodImages: [value] } });
      expect([value, create.status]).toEqual([value, 400]);
    }
    // Door counts stay free text; what follows them is a link like any other.
    expect((await patch(knobs.id, { referenceLinks: ['6', '2', 'https://knobs.example'] })).status).toBe(200);
    expect((await patch(knobs.id, { referenceLinks: ['6', '2', 'javascript:alert(1)'] })).status).toBe(400);
    expect((await patch(cabinet.id, { referenceImages: ['/objects/abc.png', 'https://cdn.example/a.png'], cabinetDetails: { styleLinks: ['https://a.example'] } })).status).toBe(200);
    const history = (await contractor.api.get(`/api/projects/${project.id}/history`)).body as unknown[];
    expect(history.slice(history.length - historyBefore.length)).toEqual(historyBefore);
    expect(history.length - historyBefore.length).toBe(3);
  });
});

describe('item contents', () => {
  it('keeps details, reference links and images, cabinet details and door counts', async () => {
    const { contractor, client, project } = await projectWithClient();
    const rooms = await roomsOf(contractor.api, project.id);
    const kitchen = rooms.find((room) => room.type === 'kitchen')!;
    const exterior = rooms.find((room) => room.type === 'exterior')!;
    const cabinet = (await itemsOf(contractor.api, kitchen.id)).find((item) => item.itemType === 'cabinet')!;
    const patch = (api: ApiClient, id: string, body: object) => api.request('PATCH', `/api/checklist-items/${id}`, body);

    expect((await patch(client.api, cabinet.id, { details: 'Soft-close hinges', referenceLinks: ['https://tiles.example/1'], referenceImages: ['/objects/uploads/a.jpg'] })).status).toBe(200);
    const cabinetDetails = { style: 'Shaker', styleCompleted: true, wood: 'Maple', totalPulls: '24' };
    expect((await patch(contractor.api, cabinet.id, { cabinetDetails })).body.cabinetDetails).toEqual(cabinetDetails);
    const knobs = (await itemsOf(contractor.api, exterior.id)).find((item) => item.category === 'door_knobs')!;
    expect((await patch(contractor.api, knobs.id, { referenceLinks: ['4', '4', 'https://knobs.example'] })).status).toBe(200);

    const afterReload = await itemsOf(client.api, kitchen.id);
    expect(afterReload.find((item) => item.id === cabinet.id)).toMatchObject({
      details: 'Soft-close hinges',
      referenceLinks: ['https://tiles.example/1'],
      referenceImages: ['/objects/uploads/a.jpg'],
      cabinetDetails,
    });
    expect((await itemsOf(client.api, exterior.id)).find((item) => item.id === knobs.id)!.referenceLinks).toEqual(['4', '4', 'https://knobs.example']);
  });

  it('adds items to a section and deletes them, moving the counters', async () => {
    const { contractor, project } = await projectWithClient();
    const bedroom = (await roomsOf(contractor.api, project.id)).find((room) => room.type === 'bedroom')!;
    const created = await contractor.api.post('/api/checklist-items', { roomId: bedroom.id, category: 'special_features', name: 'Special Features 1', itemType: 'single', details: '', order: 9, completed: false, contractorCompleted: false, clientCompleted: false, purchasesMade: false });
    expect(created).toMatchObject({ status: 201, body: { name: 'Special Features 1', category: 'special_features', completed: false, roomId: bedroom.id } });
    expect((await contractor.api.get(`/api/rooms/${bedroom.id}`)).body.totalItems).toBe(bedroom.totalItems + 1);
    expect((await contractor.api.delete(`/api/checklist-items/${created.body.id}`)).status).toBe(200);
    expect((await contractor.api.get(`/api/rooms/${bedroom.id}`)).body.totalItems).toBe(bedroom.totalItems);
    expect((await contractor.api.request('PATCH', `/api/checklist-items/${created.body.id}`, { purchasesMade: true })).status).toBe(404);
  });
});

describe('concurrency', () => {
  it('lands 20 concurrent flag toggles by two people: events, item views and stats agree', async () => {
    const { contractor, client, project } = await projectWithClient();
    const rooms = await roomsOf(contractor.api, project.id);
    const items = (await Promise.all(rooms.slice(0, 4).map((room) => itemsOf(contractor.api, room.id)))).flat().slice(0, 10);
    const toggles = items.flatMap((item) => [
      contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { contractorCompleted: true, purchasesMade: true }),
      client.api.request('PATCH', `/api/checklist-items/${item.id}`, { clientCompleted: true }),
    ]);
    const answers = await Promise.all(toggles);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));

    const after = (await Promise.all(rooms.map((room) => itemsOf(contractor.api, room.id)))).flat();
    const toggled = after.filter((item) => items.some((i) => i.id === item.id));
    expect(toggled.every((item) => item.completed)).toBe(true);
    const stats = (await contractor.api.get(`/api/projects/${project.id}/stats`)).body;
    expect(stats).toMatchObject({ completed: 10, contractorCompleted: 10, clientCompleted: 10, total: after.length });
    const history = (await contractor.api.get(`/api/projects/${project.id}/history`)).body as { action: string }[];
    expect(history.filter((entry) => entry.action === 'Marked as installed (client)')).toHaveLength(10);
    expect(history.filter((entry) => entry.action === 'Marked as completed (contractor)')).toHaveLength(10);
    expect(history.filter((entry) => entry.action === 'Marked as purchased')).toHaveLength(10);
  });
});

describe('history', () => {
  it('records each change worded as spec section 4, newest first, with who did it', async () => {
    const { contractor, client, project } = await projectWithClient();
    const kitchen = (await roomsOf(contractor.api, project.id)).find((room) => room.type === 'kitchen')!;
    const [item] = await itemsOf(contractor.api, kitchen.id);
    await contractor.api.request('PATCH', `/api/checklist-items/${item!.id}`, { contractorCompleted: true });
    await client.api.request('PATCH', `/api/checklist-items/${item!.id}`, { purchasesMade: true });
    await client.api.request('PATCH', `/api/checklist-items/${item!.id}`, { referenceLinks: ['https://example.com/tile'] });
    await contractor.api.request('PATCH', `/api/checklist-items/${item!.id}`, { contractorCompleted: false });
    await contractor.api.put(`/api/rooms/${kitchen.id}`, { customName: 'Chef Kitchen' });
    const bedroom = await contractor.api.post('/api/rooms', { projectId: project.id, type: 'bedroom' });
    await contractor.api.delete(`/api/rooms/${bedroom.body.id}`);

    const history = (await client.api.get(`/api/projects/${project.id}/history`)).body as { summary: string; userName: string; userType: string; createdAt: string }[];
    expect(history.slice(0, 7).map((entry) => entry.summary)).toEqual([
      'Deleted Bedroom 2',
      'Added Bedroom 2',
      'Renamed Kitchen to Chef Kitchen',
      `Unmarked completion (contractor) "${item!.name}" in Kitchen`,
      `Updated reference links "${item!.name}" in Kitchen`,
      `Marked as purchased "${item!.name}" in Kitchen`,
      `Marked as completed (contractor) "${item!.name}" in Kitchen`,
    ]);
    expect(history[4]).toMatchObject({ userName: 'Chris Owner', userType: 'client' });
    expect(history[3]).toMatchObject({ userName: 'Casey Builder', userType: 'contractor' });
    const times = history.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('rebuild', () => {
  it('replays a project into views equal to the live ones', async () => {
    const { contractor, client, project } = await projectWithClient();
    const rooms = await roomsOf(contractor.api, project.id);
    const [a, b] = await itemsOf(contractor.api, rooms[1]!.id);
    await contractor.api.request('PATCH', `/api/checklist-items/${a!.id}`, { contractorCompleted: true, purchasesMade: true, details: 'Quartz' });
    await client.api.request('PATCH', `/api/checklist-items/${a!.id}`, { clientCompleted: true, referenceImages: ['/objects/x.png'] });
    await contractor.api.delete(`/api/checklist-items/${b!.id}`);
    await contractor.api.put(`/api/rooms/${rooms[2]!.id}`, { customName: 'Family Room' });
    await contractor.api.delete(`/api/rooms/${rooms[3]!.id}`);
    await contractor.api.post('/api/rooms', { projectId: project.id, type: 'bathroom' });
    await contractor.api.request('PATCH', `/api/projects/${project.id}`, { lockBoxCode: '4411' });
    await contractor.api.put(`/api/projects/${project.id}`, projectForm({ clientEmail: client.user.email, status: 'paused' }));
    // The chat: messages (one about a room, one claiming to be an activity entry), read receipts.
    const first = await contractor.api.post('/api/chat', { projectId: project.id, message: 'Tile arrives Monday', roomId: rooms[1]!.id });
    expect(first.status).toBe(201);
    expect((await client.api.post('/api/chat', { projectId: project.id, message: 'Thanks!', messageType: 'action' })).status).toBe(201);
    await client.api.put(`/api/chat/${first.body.id}/read`, { readByClient: true });
    await contractor.api.put(`/api/chat/${project.id}/mark-all-read`, { userType: 'contractor', readByContractor: true });

    const { rebuildProjectViews, liveProjectViews } = await import('../../functions/projections/rebuild');
    const { eventStore } = await import('../../functions/commands/event-store');
    const comparable = comparableViews;
    const live = comparable(await liveProjectViews(project.id));
    const rebuilt = comparable(await rebuildProjectViews(eventStore(), project.id));
    expect(live.length).toBeGreaterThan(40);
    expect(live.filter((item) => String(item.pk).startsWith('chat#'))).toHaveLength(2);
    expect(rebuilt).toEqual(live);

    // The rebuild tool: views damaged by hand come back from the events, and the API sees them.
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { dynamo } = await import('../../functions/adapters/dynamo');
    const { config } = await import('../../functions/config');
    const { replaceProjectViews } = await import('../../functions/projections/rebuild');
    await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: { pk: `project#${project.id}#`, sk: 'summary' } }));
    expect((await contractor.api.get(`/api/projects/${project.id}/stats`)).status).toBe(404);
    await replaceProjectViews(eventStore(), project.id);
    expect(comparable(await liveProjectViews(project.id))).toEqual(live);
    expect((await contractor.api.get(`/api/projects/${project.id}/stats`)).body.completed).toBe(1);

    // `npm run views:rebuild -- --project ID` itself, on a project with chat messages.
    await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: { pk: `chat#${project.id}#`, sk: `message#${first.body.id}#` } }));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/rebuild-views.ts', '--project', project.id], { env: process.env });
    // Only the missing message is written (and its pointer, found through the message): the views
    // that are right are left alone.
    expect(stdout).toContain(`${project.id}: 2 view items written, 0 stale removed`);
    expect(stdout).toMatch(/Rebuilt 1 project\(s\) from \d+ events/);
    expect(comparable(await liveProjectViews(project.id))).toEqual(live);
    expect((await client.api.get(`/api/projects/${project.id}/chat`)).body).toEqual([
      // The contractor's own reading gives their message no receipt (issue 16).
      expect.objectContaining({ message: 'Tile arrives Monday', roomId: rooms[1]!.id, readByClient: true, readByContractor: false }),
      expect.objectContaining({ message: 'Thanks!', messageType: 'chat', senderType: 'client', readByContractor: true }),
    ]);
  });

  it('re-shapes views written before the flags had their inner names (issue 28: run once after that deploy)', async () => {
    const { contractor, project } = await projectWithClient();
    const rooms = await roomsOf(contractor.api, project.id);
    const [item] = await itemsOf(contractor.api, rooms[1]!.id);
    await contractor.api.request('PATCH', `/api/checklist-items/${item!.id}`, { contractorCompleted: true });
    const { rebuildProjectViews, liveProjectViews, replaceProjectViews } = await import('../../functions/projections/rebuild');
    const { eventStore } = await import('../../functions/commands/event-store');
    const { stateKeys } = await import('../../functions/store/keys');
    const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { dynamo } = await import('../../functions/adapters/dynamo');
    const { config } = await import('../../functions/config');
    // The attribute names the views had before: the item's flags, the room's and summary's counters.
    const before = (sk: string): Record<string, string> =>
      sk.startsWith(stateKeys.roomItemsPrefix)
        ? { selected: 'contractorCompleted', purchased: 'purchasesMade', installed: 'clientCompleted' }
        : sk.startsWith(stateKeys.projectRoomsPrefix)
          ? { selected: 'contractorCompleted', installed: 'clientCompleted' }
          : sk === 'summary'
            ? { selectedItems: 'contractorCompletedItems', installedItems: 'clientCompletedItems' }
            : {};
    const live = await liveProjectViews(project.id);
    const old = live.map((view) => Object.fromEntries(Object.entries(view).map(([name, value]) => [before(view.sk)[name] ?? name, value])));
    for (let i = 0; i < old.length; i += 25) {
      await dynamo().send(new BatchWriteCommand({ RequestItems: { [config().stateTable]: old.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    expect((await itemsOf(contractor.api, rooms[1]!.id))[0]).not.toHaveProperty('contractorCompleted');

    await replaceProjectViews(eventStore(), project.id);
    expect(comparableViews(await liveProjectViews(project.id))).toEqual(comparableViews(await rebuildProjectViews(eventStore(), project.id)));
    const itemView = (await liveProjectViews(project.id)).find((view) => view.id === item!.id && view.sk.startsWith(stateKeys.roomItemsPrefix));
    expect(itemView).toMatchObject({ selected: true, purchased: false, installed: false });
    expect(itemView).not.toHaveProperty('contractorCompleted');
    expect((await itemsOf(contractor.api, rooms[1]!.id))[0]).toMatchObject({ id: item!.id, contractorCompleted: true, purchasesMade: false, clientCompleted: false });
    expect((await contractor.api.get(`/api/projects/${project.id}/stats`)).body).toMatchObject({ contractorCompleted: 1, clientCompleted: 0 });
  });
});

describe('rebuild of every project', () => {
  it('replays every project in the store (deleted ones, with chat, from every test file) without an error', async () => {
    const { contractor, project } = await projectWithClient();
    await contractor.api.post('/api/chat', { projectId: project.id, message: 'Before the delete' });
    expect((await contractor.api.delete(`/api/projects/${project.id}`)).status).toBe(200);
    const { rebuildProjectViews } = await import('../../functions/projections/rebuild');
    const { eventStore } = await import('../../functions/commands/event-store');
    const store = eventStore();
    const projectIds = new Set<string>();
    // The app's projects (a project stream of their own); the event-store tests file events of a test catalogue under made-up project ids.
    for await (const page of store.scanAllRaw()) for (const event of page) if (event.projectId && event.streamId === `project#${event.projectId}`) projectIds.add(event.projectId);
    expect(projectIds.has(project.id)).toBe(true);
    // Read-only here (other test files write at the same time): every replay completes.
    for (const projectId of projectIds) await rebuildProjectViews(store, projectId);
    expect(await rebuildProjectViews(store, project.id)).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retried create with what the first made, and makes nothing twice', async () => {
    const { api } = await signedUp('contractor');
    const form = projectForm();
    const first = await api.request('POST', '/api/projects', form, { 'idempotency-key': 'create-maple-1' });
    const retry = await api.request('POST', '/api/projects', form, { 'idempotency-key': 'create-maple-1' });
    expect(first.status).toBe(201);
    expect(retry).toMatchObject({ status: 201, body: { id: first.body.id } });
    expect((await api.get('/api/projects/with-stats')).body).toHaveLength(1);
    expect(await roomsOf(api, first.body.id)).toHaveLength(8);

    const room = { projectId: first.body.id, type: 'bedroom' };
    const added = await api.request('POST', '/api/rooms', room, { 'idempotency-key': 'room-1' });
    const again = await api.request('POST', '/api/rooms', room, { 'idempotency-key': 'room-1' });
    expect(again.body).toEqual(added.body);
    expect(await roomsOf(api, first.body.id)).toHaveLength(9);

    const message = { projectId: first.body.id, message: 'once' };
    const posted = await api.request('POST', '/api/chat', message, { 'idempotency-key': 'msg-1' });
    const reposted = await api.request('POST', '/api/chat', message, { 'idempotency-key': 'msg-1' });
    expect(reposted.body.id).toBe(posted.body.id);
    expect((await api.get(`/api/projects/${first.body.id}/chat`)).body).toHaveLength(1);
  });
});
