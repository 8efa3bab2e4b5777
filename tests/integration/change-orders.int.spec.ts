import { createHash, randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import canonicalize from 'canonicalize';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditExport } from '../../contract/audit';
import type { ChangeOrder } from '../../contract/change-orders';
import type { Budget } from '../../contract/projects';
import { changeOrderStreamId } from '../../events/streams';
import { eventStore } from '../../functions/commands/event-store';
import { verifyProject } from '../../functions/store/verify';
import { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';
import { mailTo } from '../support/mail';
import { expectReplayEqualsLive } from '../support/views';

/**
 * Change orders (issue 30), through the local gateway against DynamoDB Local, the SES emulator and
 * Chromium: the contractor drafts, edits and sends one; the assigned client signs it (typed name,
 * consent, the hash of the document read) or declines it; only a signature changes the budget and
 * the target completion; a signed one refuses edits; the audit export carries the signature and
 * verifies; the PDF shows it.
 */

const run = promisify(execFile);
const workDir = mkdtempSync(join(tmpdir(), 'change-orders-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';

async function project(options: { withClient?: boolean } = {}) {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client', { firstName: 'Jane', lastName: 'Client' });
  const created = await contractor.api.post('/api/projects', {
    name: 'Maple House',
    address: '5 Maple Street',
    clientName: 'Jane Client',
    ...(options.withClient === false ? {} : { clientEmail: client.user.email }),
    targetCompletionDate: '2026-12-15',
  });
  expect(created.status).toBe(201);
  const projectId = created.body.id as string;
  const room = await contractor.api.post('/api/rooms', { projectId, type: 'kitchen', customName: 'Kitchen' });
  const item = await contractor.api.post('/api/checklist-items', { roomId: room.body.id, category: 'special_features', name: 'Kitchen faucet' });
  expect(item.status).toBe(201);
  const itemId = item.body.id as string;
  expect((await contractor.api.request('PATCH', `/api/checklist-items/${itemId}`, { allowance: 600, cost: 500 })).status).toBe(200);
  return { contractor, client, projectId, itemId, roomId: room.body.id as string };
}

const terms = (itemId: string) => ({ title: 'Brass faucet', description: 'Brushed brass instead of chrome.\nSame spout.', itemIds: [itemId], priceChangeCents: 34000, scheduleDays: 5 });
const create = (api: ApiClient, projectId: string, body: unknown) => api.post(`/api/projects/${projectId}/change-orders`, body);
const send = (api: ApiClient, id: string) => api.post(`/api/change-orders/${id}/send`);
const get = (api: ApiClient, id: string) => api.get<ChangeOrder & Record<string, any>>(`/api/change-orders/${id}`);
const sign = (api: ApiClient, id: string, body: unknown) => api.request('POST', `/api/change-orders/${id}/sign`, body, { 'user-agent': PHONE });
const decline = (api: ApiClient, id: string, body: unknown) => api.post(`/api/change-orders/${id}/decline`, body);
const budget = async (api: ApiClient, projectId: string) => (await api.get<Budget>(`/api/projects/${projectId}/budget`)).body;
const sha256 = (value: unknown) => createHash('sha256').update(canonicalize(value)!).digest('hex');

describe('a change order from draft to signature', () => {
  it('is drafted, edited and sent by the contractor, signed by the client; only the signature moves the budget and the target completion', async () => {
    const { contractor, client, projectId, itemId } = await project();
    const drafted = await create(contractor.api, projectId, terms(itemId));
    expect(drafted.status).toBe(201);
    const id = drafted.body.id;
    expect(drafted.body).toMatchObject({ status: 'draft', title: 'Brass faucet', items: [{ id: itemId, name: 'Kitchen faucet' }], priceChangeCents: 34000, scheduleDays: 5, signature: null, version: 1 });
    // The client sees no draft.
    expect((await get(client.api, id)).status).toBe(404);
    expect((await client.api.get(`/api/projects/${projectId}/change-orders`)).body).toEqual([]);

    const edited = await contractor.api.request('PATCH', `/api/change-orders/${id}`, { priceChangeCents: 34050 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ priceChangeCents: 34050, version: 2 });

    const before = await budget(contractor.api, projectId);
    expect(before).toMatchObject({ cost: 500, changeOrders: { signed: 0, total: 0, scheduleDays: 0 }, costWithChangeOrders: 500, targetCompletionDate: '2026-12-15', adjustedTargetCompletionDate: '2026-12-15' });

    const sent = await send(contractor.api, id);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('sent');
    // The mail names the change order, its price and schedule change, and links to its page.
    const mail = (await mailTo(client.user.email)).find((candidate) => candidate.subject.startsWith('Change order'));
    expect(mail!.subject).toBe('Change order to sign for Maple House: Brass faucet');
    expect(mail!.text).toContain('“Brass faucet”\nPrice change: +$340.50\nSchedule change: +5 days');
    expect(mail!.text).toContain(`/change-orders/${id}`);
    // Sent changes nothing either.
    expect(await budget(client.api, projectId)).toEqual(before);

    const read = (await get(client.api, id)).body;
    expect(read.status).toBe('sent');
    expect(read.documentHash).toBe(sha256(read.document));
    expect(read.document).toEqual({ changeOrderId: id, project: { id: projectId, name: 'Maple House' }, title: 'Brass faucet', description: 'Brushed brass instead of chrome.\nSame spout.', items: [{ id: itemId, name: 'Kitchen faucet' }], priceChangeCents: 34050, scheduleDays: 5, version: 3 });

    // Consent is required, and named.
    const noConsent = await sign(client.api, id, { fullName: 'Jane Client', consent: false, documentHash: read.documentHash });
    expect(noConsent.status).toBe(400);
    expect(Object.keys(noConsent.body.fieldErrors)).toEqual(['consent']);
    expect((await sign(client.api, id, { fullName: 'Jane Client', documentHash: read.documentHash })).status).toBe(400);
    // The contractor cannot sign.
    expect((await sign(contractor.api, id, { fullName: 'Casey', consent: true, documentHash: read.documentHash })).status).toBe(403);

    const signed = await sign(client.api, id, { fullName: '  Jane Client ', consent: true, documentHash: read.documentHash });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ status: 'signed', signature: { fullName: 'Jane Client', signedBy: client.user.id, userAgent: PHONE, documentHash: read.documentHash } });
    expect(Date.now() - Date.parse(signed.body.signature!.signedAt)).toBeLessThan(60_000);

    const after = await budget(contractor.api, projectId);
    expect(after).toMatchObject({ cost: 500, changeOrders: { signed: 1, total: 340.5, scheduleDays: 5 }, costWithChangeOrders: 840.5, adjustedTargetCompletionDate: '2026-12-20' });

    // A signed one refuses edits, and a second signature.
    const refused = await contractor.api.request('PATCH', `/api/change-orders/${id}`, { title: 'Cheaper' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This change order was signed and cannot be changed. Make a new change order that supersedes it.');
    expect((await sign(client.api, id, { fullName: 'Jane Client', consent: true, documentHash: read.documentHash })).status).toBe(409);
    expect((await send(contractor.api, id)).status).toBe(409);

    // The history says what happened.
    const history = (await contractor.api.get(`/api/projects/${projectId}/history`)).body as { summary: string }[];
    const summaries = history.map((entry) => entry.summary);
    expect(summaries).toEqual(expect.arrayContaining(['Change order “Brass faucet” drafted', 'Change order “Brass faucet” sent', 'Change order “Brass faucet” signed by Jane Client']));
    // So does the history of the item it touches, for both.
    for (const api of [contractor.api, client.api]) {
      const itemHistory = (await api.get(`/api/checklist-items/${itemId}/history`)).body as { entries: { eventType: string; changes: { field: string; after: unknown }[] }[] };
      const lines = itemHistory.entries.filter((entry) => entry.eventType.startsWith('ChangeOrder')).map((entry) => entry.changes[0]!.after);
      expect(lines).toEqual(['Change order “Brass faucet” drafted', 'Change order “Brass faucet” edited', 'Change order “Brass faucet” sent', 'Change order “Brass faucet” signed by Jane Client']);
    }
    await expectReplayEqualsLive(projectId);
    // The chains and the state kept on each head (the change order's snapshot too) hold.
    expect(await verifyProject(eventStore(), projectId)).toEqual([]);
  });

  it('refuses a signature of a document that changed since the client read it (409 naming documentHash), and an item deleted changes it', async () => {
    const { contractor, client, projectId, itemId } = await project();
    const { id } = (await create(contractor.api, projectId, terms(itemId))).body;
    await send(contractor.api, id);
    const read = (await get(client.api, id)).body;
    expect((await contractor.api.delete(`/api/checklist-items/${itemId}`)).status).toBe(200);
    const stale = await sign(client.api, id, { fullName: 'Jane Client', consent: true, documentHash: read.documentHash });
    expect(stale.status).toBe(409);
    expect(stale.body.fieldErrors).toEqual({ documentHash: ['The change order changed since you opened it. Read it again and then sign.'] });
    expect((await budget(client.api, projectId)).changeOrders).toEqual({ signed: 0, total: 0, scheduleDays: 0 });
    const again = (await get(client.api, id)).body;
    expect(again.items).toEqual([{ id: itemId, name: 'Deleted item' }]);
    expect((await sign(client.api, id, { fullName: 'Jane Client', consent: true, documentHash: again.documentHash })).status).toBe(200);
  });

  it('a declined one changes nothing; a new one supersedes it and the old shows Superseded by', async () => {
    const { contractor, client, projectId, itemId } = await project();
    const { id } = (await create(contractor.api, projectId, terms(itemId))).body;
    expect((await decline(client.api, id, { reason: 'Too dear', documentHash: 'a'.repeat(64) })).status).toBe(404);
    await send(contractor.api, id);
    const read = (await get(client.api, id)).body;
    expect((await decline(client.api, id, { reason: '  ', documentHash: read.documentHash })).status).toBe(400);
    const declined = await decline(client.api, id, { reason: 'Too dear for us', documentHash: read.documentHash });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', decline: { reason: 'Too dear for us', documentHash: read.documentHash } });
    expect(await budget(client.api, projectId)).toMatchObject({ changeOrders: { signed: 0, total: 0, scheduleDays: 0 }, costWithChangeOrders: 500, adjustedTargetCompletionDate: '2026-12-15' });
    expect((await contractor.api.request('PATCH', `/api/change-orders/${id}`, { title: 'x' })).status).toBe(409);

    const next = await create(contractor.api, projectId, { ...terms(itemId), title: 'Chrome faucet, cheaper', priceChangeCents: 12000, supersedes: id });
    expect(next.status).toBe(201);
    expect(next.body.supersedes).toEqual({ id, title: 'Brass faucet' });
    expect((await get(contractor.api, id)).body.supersededBy).toEqual({ id: next.body.id, title: 'Chrome faucet, cheaper' });
    // Only once.
    expect((await create(contractor.api, projectId, { ...terms(itemId), supersedes: id })).status).toBe(409);
    // A draft or sent one cannot be superseded.
    const draft = (await create(contractor.api, projectId, terms(itemId))).body;
    const refused = await create(contractor.api, projectId, { ...terms(itemId), supersedes: draft.id });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors)).toEqual(['supersedes']);

    const history = (await client.api.get(`/api/projects/${projectId}/history`)).body as { summary: string }[];
    expect(history.map((entry) => entry.summary)).toContain('Change order “Brass faucet” declined: Too dear for us');
    await expectReplayEqualsLive(projectId);
  });

  it('a signed successor of a signed one takes its place in the budget', async () => {
    const { contractor, client, projectId, itemId } = await project();
    const signOff = async (id: string) => {
      await send(contractor.api, id);
      const read = (await get(client.api, id)).body;
      expect((await sign(client.api, id, { fullName: 'Jane Client', consent: true, documentHash: read.documentHash })).status).toBe(200);
    };
    const first = (await create(contractor.api, projectId, terms(itemId))).body;
    await signOff(first.id);
    const second = (await create(contractor.api, projectId, { ...terms(itemId), priceChangeCents: -5000, scheduleDays: -2, supersedes: first.id })).body;
    expect((await budget(contractor.api, projectId)).changeOrders).toEqual({ signed: 1, total: 340, scheduleDays: 5 });
    await signOff(second.id);
    expect(await budget(contractor.api, projectId)).toMatchObject({ changeOrders: { signed: 1, total: -50, scheduleDays: -2 }, costWithChangeOrders: 450, adjustedTargetCompletionDate: '2026-12-13' });
    await expectReplayEqualsLive(projectId);
  });
});

describe('who may do what', () => {
  it('without an assigned client, sending answers 409 with a clear message and mails nobody', async () => {
    const { contractor, projectId, itemId } = await project({ withClient: false });
    const { id } = (await create(contractor.api, projectId, terms(itemId))).body;
    const refused = await send(contractor.api, id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This project has no assigned client to send the change order to. Share the project with the client first.');
    expect((await get(contractor.api, id)).body.status).toBe('draft');
  });

  it('a project moved to another client: the new client cannot sign what was sent to the previous one until it is sent to them', async () => {
    const { contractor, client, projectId, itemId } = await project();
    const { id } = (await create(contractor.api, projectId, terms(itemId))).body;
    await send(contractor.api, id);
    const next = await signedUp('client', { firstName: 'Sasha', lastName: 'Second' });
    const moved = await contractor.api.put(`/api/projects/${projectId}`, { name: 'Maple House', address: '5 Maple Street', clientName: 'Sasha Second', clientEmail: next.user.email, targetCompletionDate: '2026-12-15' });
    expect(moved.status).toBe(200);
    expect((await get(client.api, id)).status).toBe(404);
    const read = (await get(next.api, id)).body;
    const refused = await sign(next.api, id, { fullName: 'Sasha Second', consent: true, documentHash: read.documentHash });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This change order was sent to another client. Ask your contractor to send it to you.');
    expect((await send(contractor.api, id)).status).toBe(200);
    expect((await mailTo(next.user.email)).map((mail) => mail.subject)).toContain('Change order to sign for Maple House: Brass faucet');
    const again = (await get(next.api, id)).body;
    expect((await sign(next.api, id, { fullName: 'Sasha Second', consent: true, documentHash: again.documentHash })).status).toBe(200);
  });

  it('members only: a stranger and another tenant get 404, signed out 401, the client cannot create, edit or send', async () => {
    const { contractor, client, projectId, itemId } = await project();
    const { id } = (await create(contractor.api, projectId, terms(itemId))).body;
    await send(contractor.api, id);
    const stranger = await signedUp('contractor');
    const strangerClient = await signedUp('client');
    for (const api of [stranger.api, strangerClient.api]) {
      expect((await get(api, id)).status).toBe(404);
      expect((await api.get(`/api/projects/${projectId}/change-orders`)).status).toBe(404);
    }
    expect((await send(stranger.api, id)).status).toBe(404);
    expect((await create(stranger.api, projectId, terms(itemId))).status).toBe(404);
    expect((await stranger.api.request('PATCH', `/api/change-orders/${id}`, { title: 'Mine' })).status).toBe(404);
    expect((await sign(strangerClient.api, id, { fullName: 'X', consent: true, documentHash: 'a'.repeat(64) })).status).toBe(404);
    const signedOut = new ApiClient();
    expect((await get(signedOut, id)).status).toBe(401);
    expect((await signedOut.get(`/api/change-orders/${id}/pdf`)).status).toBe(401);
    expect((await create(client.api, projectId, terms(itemId))).status).toBe(403);
    expect((await send(client.api, id)).status).toBe(403);
    expect((await client.api.request('PATCH', `/api/change-orders/${id}`, { title: 'Mine' })).status).toBe(403);
    // Another project's item is refused, naming itemIds.
    const other = await project();
    const foreignItem = await create(contractor.api, projectId, terms(other.itemId));
    expect(foreignItem.status).toBe(400);
    expect(Object.keys(foreignItem.body.fieldErrors)).toEqual(['itemIds']);
    expect((await create(contractor.api, projectId, terms(randomUUID()))).status).toBe(400);
  });

  it('refuses hostile input naming the field, never a 5xx, and records nothing', async () => {
    const { contractor, projectId, itemId } = await project();
    const cases: [unknown, string][] = [
      [{ ...terms(itemId), title: '' }, 'title'],
      [{ ...terms(itemId), title: 'x'.repeat(201) }, 'title'],
      [{ ...terms(itemId), title: 'Line\nbreak' }, 'title'],
      [{ ...terms(itemId), description: 'x'.repeat(4001) }, 'description'],
      [{ ...terms(itemId), priceChangeCents: 1.5 }, 'priceChangeCents'],
      [{ ...terms(itemId), priceChangeCents: 100_000_001 }, 'priceChangeCents'],
      [{ ...terms(itemId), priceChangeCents: '340' }, 'priceChangeCents'],
      [{ ...terms(itemId), scheduleDays: 366 }, 'scheduleDays'],
      [{ ...terms(itemId), itemIds: Array.from({ length: 51 }, () => randomUUID()) }, 'itemIds'],
      [{ ...terms(itemId), itemIds: ['not-an-id'] }, 'itemIds.0'],
      [{ ...terms(itemId), supersedes: 'x' }, 'supersedes'],
    ];
    for (const [body, field] of cases) {
      const answer = await create(contractor.api, projectId, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(answer.body.fieldErrors)).toEqual([field]);
    }
    expect((await contractor.api.get(`/api/projects/${projectId}/change-orders`)).body).toEqual([]);
  });
});

describe('the record of a signature', () => {
  it('the audit export holds the signature with the document and its hash, and audit:verify passes on it', async () => {
    const { contractor, client, projectId, itemId } = await project();
    const { id } = (await create(contractor.api, projectId, terms(itemId))).body;
    await send(contractor.api, id);
    const read = (await get(client.api, id)).body;
    await sign(client.api, id, { fullName: 'Jane Client', consent: true, documentHash: read.documentHash });

    const exported = (await contractor.api.get<AuditExport>(`/api/projects/${projectId}/audit-export`)).body;
    const stream = exported.streams.find((candidate) => candidate.streamId === changeOrderStreamId(id))!;
    expect(stream.events.map((event) => event.type)).toEqual(['ChangeOrderDrafted', 'ChangeOrderSent', 'ChangeOrderSigned']);
    const signature = stream.events.at(-1)!;
    expect(signature.data).toMatchObject({ signedBy: client.user.id, userAgent: PHONE, documentHash: read.documentHash, document: read.document });
    expect(sha256((signature.data as { document: unknown }).document)).toBe(read.documentHash);
    // The typed name is sealed as the signer's personal data.
    expect((signature.data as { fullName: string }).fullName).toMatch(/^pii1:person:/);

    const audit = (await contractor.api.get(`/api/projects/${projectId}/audit?item=${itemId}`)).body as { entries: { eventType: string; changes: { field: string; after: unknown }[] }[] };
    const shown = audit.entries.find((entry) => entry.eventType === 'ChangeOrderSigned')!;
    expect(shown.changes.find((change) => change.field === 'documentHash')!.after).toBe(read.documentHash);

    const file = join(workDir, 'export.json');
    writeFileSync(file, JSON.stringify(exported));
    const keys = `${new ApiClient().baseUrl}/api/audit/keys`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', file, '--jwks', keys], { env: process.env });
    expect(stdout).toContain(`ok   ${changeOrderStreamId(id)} 3 events`);

    // The same export with the signed document altered (its hash kept) fails: the chain catches the edit, the signature check the document.
    const tampered = structuredClone(exported);
    const event = tampered.streams.find((candidate) => candidate.streamId === changeOrderStreamId(id))!.events.at(-1)!;
    (event.data as { document: { priceChangeCents: number } }).document.priceChangeCents = 340;
    writeFileSync(file, JSON.stringify(tampered));
    const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', file, '--jwks', keys], { env: process.env }).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain(`${changeOrderStreamId(id)} v3: the signed change order's document hashes to`);
  });

  it("the client's Delete Account erases the typed name: the signature reads Deleted user, and the record still verifies", async () => {
    const { contractor, client, projectId, itemId } = await project();
    const { id } = (await create(contractor.api, projectId, terms(itemId))).body;
    await send(contractor.api, id);
    const read = (await get(client.api, id)).body;
    const typed = `Jane Quillfeather-${randomUUID().slice(0, 8)}`;
    expect((await sign(client.api, id, { fullName: typed, consent: true, documentHash: read.documentHash })).status).toBe(200);
    expect((await client.api.delete('/api/auth/account')).status).toBe(200);

    const after = (await get(contractor.api, id)).body;
    expect(after.signature).toMatchObject({ fullName: 'Deleted user', documentHash: read.documentHash });
    const history = JSON.stringify((await contractor.api.get(`/api/projects/${projectId}/history`)).body);
    expect(history).not.toContain(typed);
    expect(history).toContain('Change order “Brass faucet” signed by Deleted user');
    // The budget keeps the signed change order: erasure removes a name, not what was agreed.
    expect((await budget(contractor.api, projectId)).changeOrders).toEqual({ signed: 1, total: 340, scheduleDays: 5 });
    const exported = (await contractor.api.get<AuditExport>(`/api/projects/${projectId}/audit-export`)).body;
    expect(JSON.stringify(exported)).not.toContain(typed);
    const file = join(workDir, 'erased.json');
    writeFileSync(file, JSON.stringify(exported));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', file, '--jwks', `${new ApiClient().baseUrl}/api/audit/keys`], { env: process.env });
    expect(stdout).toContain(`ok   ${changeOrderStreamId(id)} 3 events`);
  });

  it('the PDF, for both, shows the change order and once signed the signature block', async () => {
    const { contractor, client, projectId, itemId } = await project();
    const { id } = (await create(contractor.api, projectId, terms(itemId))).body;
    await send(contractor.api, id);
    const read = (await get(client.api, id)).body;
    await sign(client.api, id, { fullName: 'Jane Client', consent: true, documentHash: read.documentHash });
    for (const api of [contractor.api, client.api]) {
      const response = await fetch(`${api.baseUrl}/api/change-orders/${id}/pdf`, { headers: { cookie: api.cookie! } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const file = join(workDir, `${randomUUID()}.pdf`);
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      const { stdout: text } = await run('pdftotext', ['-raw', file, '-']);
      for (const line of ['Change order: Brass faucet', 'Maple House', 'Signed', 'Price change +$340.00', 'Schedule change +5 days', 'Items Kitchen faucet', 'Signed by Jane Client', read.documentHash.slice(0, 32)]) {
        expect(text.replace(/\s+/g, ' ')).toContain(line);
      }
    }
    const stranger = await signedUp('contractor');
    expect((await stranger.api.get(`/api/change-orders/${id}/pdf`)).status).toBe(404);
  });
});
