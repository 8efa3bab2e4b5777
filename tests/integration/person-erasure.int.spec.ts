import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { erasePerson } from '../../functions/people/erase-person';
import { eventStore } from '../../functions/commands/event-store';
import { stateKeys } from '../../functions/store/keys';
import { projectStreamId } from '../../events/streams';
import { verifyProject, verifyStream } from '../../functions/store/verify';
import { signedUp } from '../support/accounts';
import { runScript } from '../support/run-script';
import type { ApiClient } from '../support/api-client';
import { usePrivateCloudForFile } from '../support/private-cloud';
import { uploadPhoto } from '../support/upload-photo';

/**
 * Erasing a person (issue 17): `npm run person:erase` as an operator runs it, and Delete Account.
 * Their name, e-mail and phone are sealed inside the events under a key of their own; erasing
 * them deletes the key. Afterwards nothing of them is in any table in clear text, the app shows
 * 'Deleted user', and the record still verifies: the chain, the snapshots, the audit export
 * (and an export kept from before still agrees with the new one). Another tenant is untouched.
 *
 * "Nothing of them anywhere" reads the three tables whole, a dozen times: this file has a local
 * cloud of its own (tests/support/private-cloud.ts), so those scans read its own people, not every
 * other file's.
 */

const workDir = mkdtempSync(join(tmpdir(), 'person-erasure-'));
const own = usePrivateCloudForFile();
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const operator = (name: string, args: string[]) => runScript(name, args, own().env);
const person = (role: 'client' | 'contractor', overrides: Record<string, unknown> = {}) => signedUp(role, overrides, { baseUrl: own().url });
let files = 0;

const saved = (document: unknown) => {
  const file = join(workDir, `export-${++files}.json`);
  writeFileSync(file, JSON.stringify(document));
  return file;
};
const auditVerify = (file: string, extra: string[] = []) => operator('audit-verify', [file, '--jwks', `${own().url}/api/audit/keys`, ...extra]);

const ok = (answer: { status: number; body: any }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
};

/** Letters only, so a name check accepts it; unique, so a table scan finds only this test's person. */
const uniqueSurname = () => `Quill${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

/** A project the client worked in: their profile with a phone, the contractor's record of them, edits, chat, an invitation. */
async function clientAtWork() {
  const surname = uniqueSurname();
  const phone = `555-${randomBytes(3).readUIntBE(0, 3) % 9000 + 1000}-77`;
  const client = await person('client', { firstName: 'Perdita', lastName: surname });
  ok(await client.api.put('/api/auth/profile', { firstName: 'Perdita', lastName: surname, email: client.user.email, companyName: `${surname} Holdings`, phone }));
  const contractor = await person('contractor');
  const project = ok(await contractor.api.post('/api/projects', { name: 'Erasure Court', address: '9 Forget Lane', clientName: `Perdita ${surname}`, clientEmail: client.user.email, clientPhone: phone }));
  const [room] = ok(await contractor.api.get(`/api/projects/${project.id}/rooms`));
  const [item] = ok(await contractor.api.get(`/api/rooms/${room.id}/items`));
  ok(await client.api.request('PATCH', `/api/checklist-items/${item.id}`, { details: 'Matte oak, as agreed' }));
  ok(await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { contractorCompleted: true }));
  ok(await client.api.post('/api/chat', { projectId: project.id, message: 'Thanks, oak it is.' }));
  ok(await contractor.api.post('/api/chat', { projectId: project.id, message: 'Ordered.' }));
  ok(await contractor.api.post(`/api/projects/${project.id}/share-with-client`));
  const traces = [surname, client.user.email, phone];
  return { client, contractor, project, item, traces };
}

/** Every item of the three tables that holds any of `texts` (case-insensitive), anywhere. */
async function itemsHolding(texts: readonly string[]): Promise<unknown[]> {
  const wanted = texts.map((text) => text.toLowerCase());
  const found: unknown[] = [];
  for (const table of [config().eventsTable, config().stateTable, config().keysTable]) {
    for await (const page of paginateScan({ client: dynamo() }, { TableName: table, ConsistentRead: true })) {
      for (const item of page.Items ?? []) {
        const text = JSON.stringify(item).toLowerCase();
        if (wanted.some((value) => text.includes(value))) found.push(item);
      }
    }
  }
  return found;
}

/** A project's events as stored, to compare before and after. */
async function storedEvents(projectId: string) {
  const events = await eventStore().readRawProjectEvents(projectId);
  return JSON.stringify(events.sort((a, b) => a.eventId.localeCompare(b.eventId)));
}

const projectOf = async (api: ApiClient, projectId: string) => ok(await api.get(`/api/projects/${projectId}/checklist`)).project;
const chatOf = async (api: ApiClient, projectId: string) => ok(await api.get(`/api/projects/${projectId}/chat`)) as { senderName: string; message: string }[];

describe('erasing a person', () => {
  it('npm run person:erase: nothing of them in clear text anywhere, shown as Deleted user, and the record still verifies', async () => {
    const { client, contractor, project, item, traces } = await clientAtWork();
    const other = await clientAtWork();
    const otherBefore = { raw: await storedEvents(other.project.id), checklist: ok(await other.contractor.api.get(`/api/projects/${other.project.id}/checklist`)) };

    // Before: the app shows the person; only the views and the account hold them in clear, the events sealed.
    const history = ok(await contractor.api.get(`/api/projects/${project.id}/history`));
    expect(JSON.stringify(history)).toContain(`Perdita ${traces[0]}`);
    const sealedEvents = JSON.stringify(await eventStore().readRawProjectEvents(project.id));
    for (const trace of traces) expect(sealedEvents.toLowerCase()).not.toContain(trace.toLowerCase());
    expect(await itemsHolding(traces)).not.toHaveLength(0);
    const kept = saved(ok(await contractor.api.get(`/api/projects/${project.id}/audit-export`)));
    expect((await auditVerify(kept)).code).toBe(0);

    const dryRun = await operator('person-erase', ['--user', client.user.id]);
    expect(dryRun).toMatchObject({ code: 0 });
    expect(dryRun.out).toMatch(/would erase the client account, 1 project\(s\)/);
    expect(await itemsHolding(traces)).not.toHaveLength(0);

    const erased = await operator('person-erase', ['--user', client.user.id, '--confirm']);
    expect(erased.code, erased.out).toBe(0);
    expect(erased.out).toMatch(/erased the client account, 1 project\(s\) they appear in \(client of 1\): 2 key\(s\) deleted/);

    // Nothing of them in clear text in any table: events, views, account, sessions, keys.
    expect(await itemsHolding(traces)).toEqual([]);
    expect((await client.api.get('/api/auth/me')).status).toBe(401);

    // The app shows 'Deleted user' where they were: history, chat, the project's client, the item's history, the audit trail.
    const after = ok(await contractor.api.get(`/api/projects/${project.id}/history`));
    const names = new Set((after as { userName: string }[]).map((entry) => entry.userName));
    expect(names).toContain('Deleted user');
    // The contractor and the app itself (assigning the client who proved the e-mail) keep their names.
    expect([...names].filter((name) => !['Casey Builder', 'Construction Checklist'].includes(name))).toEqual(['Deleted user']);
    const messages = await chatOf(contractor.api, project.id);
    expect(messages.find((message) => message.message === 'Thanks, oak it is.')).toMatchObject({ senderName: 'Deleted user' });
    expect(messages.find((message) => message.message === 'Ordered.')).toMatchObject({ senderName: 'Casey Builder' });
    expect(await projectOf(contractor.api, project.id)).toMatchObject({ clientName: 'Deleted user', clientEmail: 'Deleted user', clientPhone: 'Deleted user' });
    const itemHistory = ok(await contractor.api.get(`/api/checklist-items/${item.id}/history`));
    expect(itemHistory.entries.map((entry: { actor: { name: string } }) => entry.actor.name)).toContain('Deleted user');
    const audit = ok(await contractor.api.get(`/api/projects/${project.id}/audit`));
    expect(audit.verification.verified).toBe(true);
    expect(audit.filters.people.map((person: { name: string }) => person.name).sort()).toEqual(['Casey Builder', 'Construction Checklist', 'Deleted user']);

    // The record still verifies: every stream and snapshot, the new export, and the export kept from before against it.
    expect(await verifyProject(eventStore(), project.id)).toEqual([]);
    expect(await verifyStream(eventStore(), `user#${client.user.id}`)).toEqual([]);
    const fresh = saved(ok(await contractor.api.get(`/api/projects/${project.id}/audit-export`)));
    expect(await auditVerify(fresh)).toMatchObject({ code: 0 });
    const held = await auditVerify(fresh, ['--earlier', kept]);
    expect(held.code, held.out).toBe(0);

    // The project goes on: the contractor edits it (a fresh snapshot from the erased record), the chain holds.
    ok(await contractor.api.request('PATCH', `/api/projects/${project.id}`, { status: 'paused' }));
    expect(await verifyProject(eventStore(), project.id)).toEqual([]);

    // The other tenant, whose client has the same first name, is exactly as it was.
    expect(await storedEvents(other.project.id)).toBe(otherBefore.raw);
    expect(ok(await other.contractor.api.get(`/api/projects/${other.project.id}/checklist`))).toEqual(otherBefore.checklist);
    expect(await itemsHolding([other.traces[0]!])).not.toHaveLength(0);
  });

  it('Delete Account erases the person too: the contractor keeps the project, the client reads as Deleted user', async () => {
    const { client, contractor, project, traces } = await clientAtWork();
    const headKey = stateKeys.streamHead(projectStreamId(project.id));
    const before = (await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: headKey }))).Item!;
    expect(JSON.stringify(before.snapshot)).toContain(traces[0]);
    ok(await client.api.delete('/api/auth/account'));
    expect(await itemsHolding(traces)).toEqual([]);

    // A command in flight kept the old snapshot (with the client's details) on the head: erasing again finds and drops it.
    await dynamo().send(new UpdateCommand({ TableName: config().stateTable, Key: headKey, UpdateExpression: 'SET #snapshot = :snapshot', ExpressionAttributeNames: { '#snapshot': 'snapshot' }, ExpressionAttributeValues: { ':snapshot': before.snapshot } }));
    expect(await verifyProject(eventStore(), project.id)).toMatchObject([{ problem: 'snapshot_mismatch' }]);
    await erasePerson({ userId: client.user.id, projectIds: [project.id], clientOf: [project.id] });
    expect(await itemsHolding(traces)).toEqual([]);
    const messages = await chatOf(contractor.api, project.id);
    expect(messages.find((message) => message.message === 'Thanks, oak it is.')).toMatchObject({ senderName: 'Deleted user' });
    expect(await projectOf(contractor.api, project.id)).toMatchObject({ name: 'Erasure Court', clientName: 'Deleted user' });
    // The answers carry no clientId (issue 27: no tell); the summary view itself has the client cleared.
    const { Item: summary } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.projectSummary(project.id), ConsistentRead: true }));
    expect(summary?.clientId ?? null).toBeNull();
    expect(await verifyProject(eventStore(), project.id)).toEqual([]);
  });

  it("a contractor's Delete Account: their projects go, and their name, e-mail and phone with them, from every table", async () => {
    const surname = uniqueSurname();
    const contractor = await person('contractor', { firstName: 'Corbin', lastName: surname });
    ok(await contractor.api.put('/api/auth/profile', { firstName: 'Corbin', lastName: surname, email: contractor.user.email, companyName: `${surname} Builders`, phone: '555-0100-42' }));
    const project = ok(await contractor.api.post('/api/projects', { name: 'Short Lived', address: '2 Gone Road', clientName: 'Chris Owner' }));
    ok(await contractor.api.post('/api/chat', { projectId: project.id, message: 'Starting Monday.' }));
    expect(await itemsHolding([surname])).not.toHaveLength(0);
    ok(await contractor.api.delete('/api/auth/account'));
    expect(await itemsHolding([surname, contractor.user.email, '555-0100-42'])).toEqual([]);
    expect(await verifyProject(eventStore(), project.id)).toEqual([]);
  });

  it('Delete Account reaches the projects a client left: their name leaves those views, and their photos no item shows are deleted', async () => {
    const surname = uniqueSurname();
    const client = await person('client', { firstName: 'Perdita', lastName: surname });
    const contractor = await person('contractor');
    // The contractor's own record of the client names someone else: only the client's account carries the surname.
    const details = { name: 'Left Behind', address: '4 Former Row', clientName: 'Chris Owner' };
    const project = ok(await contractor.api.post('/api/projects', { ...details, clientEmail: client.user.email }));
    const [room] = ok(await contractor.api.get(`/api/projects/${project.id}/rooms`));
    const [item] = ok(await contractor.api.get(`/api/rooms/${room.id}/items`));
    ok(await client.api.request('PATCH', `/api/checklist-items/${item.id}`, { details: 'Walnut, please' }));
    ok(await client.api.post('/api/chat', { projectId: project.id, message: 'Here are my photos.' }));
    const photo = async () => ok(await client.api.put('/api/objects/acl', { visibility: 'public', objectURL: await uploadPhoto(client.api), itemId: item.id })).objectPath as string;
    const [shown, dropped, onlyPublished] = [await photo(), await photo(), await photo()];
    ok(await client.api.request('PATCH', `/api/checklist-items/${item.id}`, { referenceImages: [shown, dropped] }));
    // The contractor keeps one photo; the other is taken off the item. One was never put on it.
    ok(await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { referenceImages: [shown] }));
    // Photos are served to the project's people (issue 30): asked as its contractor.
    const served = async (path: string) => (await fetch(`${client.api.baseUrl}${path}`, { headers: { cookie: contractor.api.cookie! } })).status;
    for (const path of [shown, dropped, onlyPublished]) expect(await served(path)).toBe(200);

    // The project moves to another client: the first one has left it, and it is no longer in their list.
    ok(await contractor.api.put(`/api/projects/${project.id}`, { ...details, clientName: 'Nadia Next', clientEmail: `next.${randomBytes(4).toString('hex')}@example.com` }));
    expect(ok(await client.api.get('/api/client-projects'))).toEqual([]);
    expect(JSON.stringify(ok(await contractor.api.get(`/api/projects/${project.id}/history`)))).toContain(surname);

    ok(await client.api.delete('/api/auth/account'));

    // Nothing of their name anywhere, the views of the project they left included.
    expect(await itemsHolding([surname])).toEqual([]);
    const messages = await chatOf(contractor.api, project.id);
    expect(messages.find((message) => message.message === 'Here are my photos.')).toMatchObject({ senderName: 'Deleted user' });
    const history = ok(await contractor.api.get(`/api/projects/${project.id}/history`)) as { userName: string }[];
    expect(history.map((entry) => entry.userName)).toContain('Deleted user');
    // The photo the item still shows is the project's record and stays; the others are gone.
    expect(await served(shown)).toBe(200);
    // Gone with their records: the same 403 as any path no photo names.
    expect(await served(dropped)).toBe(403);
    expect(await served(onlyPublished)).toBe(403);
    expect(await verifyProject(eventStore(), project.id)).toEqual([]);
  });

  it('a person with nothing to erase: the dry run says so and changes nothing', async () => {
    const answer = await operator('person-erase', ['--user', 'no-such-person']);
    expect(answer).toMatchObject({ code: 0 });
    expect(answer.out).toContain('would erase 0 project(s)');
    expect((await operator('person-erase', [])).code).toBe(2);
  });
});
