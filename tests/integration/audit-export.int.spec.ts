import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { calculateJwkThumbprint, CompactSign, exportJWK, generateKeyPair } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditExport } from '../../contract/audit';
import type { StoredEvent } from '../../events/envelope';
import { hashEvent } from '../../events/hash-chain';
import { itemStreamId } from '../../events/streams';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { EXPORTS_PER_ACCOUNT_PER_HOUR } from '../../functions/limits';
import { recordedCheckpoints } from '../../functions/store/audit-checkpoints';
import { stateKeys } from '../../functions/store/keys';
import { signedUp } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { awayFromWindowEdge } from '../support/throttle-windows';

/**
 * GET /api/projects/{id}/audit-export and GET /api/audit/keys, checked the way an auditor would:
 * with `npm run audit:verify` in a process of its own, against the keys the app publishes, on the
 * export as downloaded and on copies tampered with as an attacker or an insider would.
 */

const workDir = mkdtempSync(join(tmpdir(), 'audit-export-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const keysUrl = () => `${new ApiClient().baseUrl}/api/audit/keys`;
let files = 0;

/** `document` in a file of its own, as an auditor keeps an export. */
function saved(document: unknown): string {
  const file = join(workDir, `export-${++files}.json`);
  writeFileSync(file, JSON.stringify(document));
  return file;
}

/** Runs the verifier on `document` (written to a file) as an auditor would; its exit code and output. */
async function verify(document: unknown, jwks = keysUrl(), extra: string[] = []): Promise<{ code: number; out: string }> {
  const file = saved(document);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', file, '--jwks', jwks, ...extra], { env: process.env });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
}

/** A project both people changed: items added, edited, one deleted, chat messages. */
async function projectWithChanges() {
  const client = await signedUp('client');
  const contractor = await signedUp('contractor');
  const project = (await contractor.api.post('/api/projects', { name: 'Ledger Lofts', address: '3 Proof Street', clientName: 'Chris Owner', clientEmail: client.user.email })).body;
  const [room] = (await contractor.api.get(`/api/projects/${project.id}/rooms`)).body;
  const ok = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body;
  };
  const item = ok(await contractor.api.post('/api/checklist-items', { roomId: room.id, category: 'standard', name: 'Herringbone floor' }));
  ok(await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { contractorCompleted: true }));
  ok(await client.api.request('PATCH', `/api/checklist-items/${item.id}`, { details: 'Oak, matte' }));
  ok(await client.api.request('PATCH', `/api/checklist-items/${item.id}`, { clientCompleted: true }));
  ok(await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { purchasesMade: true }));
  const removed = ok(await contractor.api.post('/api/checklist-items', { roomId: room.id, category: 'standard', name: 'Skirting boards' }));
  ok(await contractor.api.delete(`/api/checklist-items/${removed.id}`));
  ok(await client.api.post('/api/chat', { projectId: project.id, message: 'I approved the oak, not the tile.' }));
  ok(await contractor.api.post('/api/chat', { projectId: project.id, message: 'Noted.' }));
  return { client, contractor, project, item, removed };
}

const exportOf = async (api: ApiClient, projectId: string): Promise<AuditExport> => {
  const answer = await api.get<AuditExport>(`/api/projects/${projectId}/audit-export`);
  expect(answer.status).toBe(200);
  return answer.body;
};
const streamOf = (document: AuditExport, streamId: string) => document.streams.find((stream) => stream.streamId === streamId)!;
const copy = <T>(value: T): T => structuredClone(value);

/** Re-hashes a stream from `from` on, as an insider would after editing an event: every link and its head made consistent again. */
function rehash(events: StoredEvent[], from: number): StoredEvent[] {
  const out = [...events];
  for (let i = from - 1; i < out.length; i++) {
    const { hash: _old, ...rest } = out[i]!;
    const prevHash = i === 0 ? rest.prevHash : out[i - 1]!.hash;
    const unhashed = { ...rest, prevHash };
    out[i] = { ...unhashed, hash: hashEvent(unhashed) };
  }
  return out;
}

describe('the audit export', () => {
  it('holds every event of the project (items deleted too, chat) as stored, and verifies offline against the published keys', async () => {
    const { client, contractor, project, item, removed } = await projectWithChanges();
    const document = await exportOf(contractor.api, project.id);
    expect(document).toMatchObject({ format: 'construction-checklist/audit-export', projectId: project.id, recordedCheckpoints: [] });
    const ids = document.streams.map((stream) => stream.streamId);
    expect(ids).toEqual(expect.arrayContaining([`project#${project.id}`, `chat#${project.id}`, itemStreamId(item.id), itemStreamId(removed.id)]));
    const changed = streamOf(document, itemStreamId(item.id));
    expect(changed.events.map((event) => [event.version, event.type, event.meta.role])).toEqual([
      [1, 'ItemAdded', 'contractor'],
      [2, 'ItemFlagSet', 'contractor'],
      [3, 'ItemDetailsEdited', 'client'],
      [4, 'ItemFlagSet', 'client'],
      [5, 'ItemFlagSet', 'contractor'],
    ]);
    expect(changed.head).toEqual({ version: 5, hash: changed.events[4]!.hash });
    expect(streamOf(document, itemStreamId(removed.id)).events.at(-1)!.type).toBe('ItemDeleted');
    // As stored: exactly the event store's item, every field the hash covers.
    const stored = (await dynamo().send(new GetCommand({ TableName: config().eventsTable, Key: { streamId: itemStreamId(item.id), version: 3 } }))).Item;
    expect(changed.events[2]).toEqual(stored);

    const verified = await verify(document);
    expect(verified.out).toContain(`ok   ${itemStreamId(item.id)} 5 events, head 5 ${changed.head.hash.slice(0, 12)}`);
    expect(verified.out).toMatch(/ok {3}checkpoint of .*: \d+ stream heads, signed/);
    expect(verified.code, verified.out).toBe(0);

    // Browsers ask for gzip (a Lambda answers at most 6 MB): the same document, compressed, as a download.
    const compressed = await fetch(`${contractor.api.baseUrl}/api/projects/${project.id}/audit-export`, { headers: { cookie: contractor.api.cookie!, 'accept-encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-/);
    const unpacked = (await compressed.json()) as AuditExport;
    expect(unpacked.streams).toEqual(document.streams);

    // The client may export too. The first export recorded its checkpoint, which the next one
    // carries; nothing changed since, so the second (gzipped) and the client's recorded none.
    const byClient = await exportOf(client.api, project.id);
    expect(byClient.recordedCheckpoints.map((checkpoint) => checkpoint.reason)).toEqual(['audit-export']);
    expect((await verify(byClient)).code).toBe(0);
  });

  it('answers 404 to other tenants, 401 signed out, 400 naming a malformed id', async () => {
    const { project } = await projectWithChanges();
    const stranger = await signedUp('contractor');
    const outsider = await signedUp('client');
    for (const person of [stranger.api, outsider.api]) {
      const answer = await person.get(`/api/projects/${project.id}/audit-export`);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Ledger Lofts');
    }
    expect((await new ApiClient().get(`/api/projects/${project.id}/audit-export`)).status).toBe(401);
    const malformed = await stranger.api.get('/api/projects/not-a-project/audit-export');
    expect(malformed.status).toBe(400);
    expect(malformed.body.fieldErrors.id).toBeDefined();
  });

  it('publishes the public keys only, to anyone', async () => {
    const answer = await new ApiClient().get('/api/audit/keys');
    expect(answer.status).toBe(200);
    expect(answer.body.keys.length).toBeGreaterThan(0);
    for (const key of answer.body.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key.kid).toBe(await calculateJwkThumbprint({ kty: key.kty, crv: key.crv, x: key.x, y: key.y }));
      expect(key.d).toBeUndefined();
    }
  });

  it('catches an edited, a removed and reordered events, naming the stream and version', async () => {
    const { contractor, project, item } = await projectWithChanges();
    const document = await exportOf(contractor.api, project.id);
    const streamId = itemStreamId(item.id);
    const tampered = (change: (events: StoredEvent[]) => StoredEvent[]) => {
      const doc = copy(document);
      const stream = streamOf(doc, streamId);
      stream.events = change(stream.events);
      return doc;
    };

    const edited = await verify(tampered((events) => events.map((event) => (event.version === 2 ? { ...event, data: { ...(event.data as object), value: false } } : event))));
    expect(edited.code).toBe(1);
    expect(edited.out).toMatch(new RegExp(`FAIL ${streamId} v2: edited`));

    const removed = await verify(tampered((events) => events.filter((event) => event.version !== 3)));
    expect(removed.code).toBe(1);
    expect(removed.out).toMatch(new RegExp(`FAIL ${streamId} v4: gap \\(expected version 3, found 4\\)`));

    const reordered = await verify(tampered(([first, second, third, ...rest]) => [first!, third!, second!, ...rest]));
    expect(reordered.code).toBe(1);
    expect(reordered.out).toMatch(new RegExp(`FAIL ${streamId} v3: gap`));
    expect(reordered.out).toMatch(new RegExp(`FAIL ${streamId} v2: out of order`));

    // The untouched streams still say ok: the failure names only what was changed.
    expect(edited.out).toContain(`ok   project#${project.id}`);
  });

  it('catches an edited event with the whole chain after it re-hashed: the signed checkpoint no longer matches', async () => {
    const { contractor, project, item } = await projectWithChanges();
    const document = await exportOf(contractor.api, project.id);
    const doc = copy(document);
    const stream = streamOf(doc, itemStreamId(item.id));
    stream.events[2] = { ...stream.events[2]!, data: { ...(stream.events[2]!.data as object), details: 'Tile, glossy' } };
    stream.events = rehash(stream.events, 3);
    stream.head = { version: 5, hash: stream.events[4]!.hash };

    const result = await verify(doc);
    expect(result.code).toBe(1);
    // Every chain holds now; only the signature over the heads tells.
    expect(result.out).toContain(`ok   ${itemStreamId(item.id)} 5 events`);
    expect(result.out).toMatch(new RegExp(`FAIL ${itemStreamId(item.id)} v5: head differs from the signed checkpoint`));
  });

  it('catches an insider who rewrites and re-hashes events in the database: a checkpoint recorded at a share and a PDF export still pins them', async () => {
    const { client, contractor, project, item } = await projectWithChanges();
    expect((await contractor.api.post(`/api/projects/${project.id}/share-with-client`)).status).toBe(200);
    // A checkpoint is recorded only when the project moved since the last one: a message before each.
    const talk = async (message: string) => expect((await client.api.post('/api/chat', { projectId: project.id, message })).status).toBe(201);
    await talk('Before the PDF.');
    const pdf = await fetch(`${contractor.api.baseUrl}/api/projects/${project.id}/export-pdf`, { method: 'POST', headers: { cookie: contractor.api.cookie! } });
    expect(pdf.status).toBe(200);
    await talk('Before the export.');
    const before = await exportOf(contractor.api, project.id);
    expect(before.recordedCheckpoints.map((checkpoint) => checkpoint.reason)).toEqual(['share', 'pdf-export']);
    expect((await verify(before)).code).toBe(0);

    // The insider: edits the client's "details" in the event store, re-hashes the rest of the
    // chain, and moves the stream's head to match. The chain alone would never tell.
    const streamId = itemStreamId(item.id);
    const events = copy(streamOf(before, streamId).events);
    events[2] = { ...events[2]!, data: { ...(events[2]!.data as object), details: 'Tile, glossy' } };
    const rewritten = rehash(events, 3);
    for (const event of rewritten.slice(2)) await dynamo().send(new PutCommand({ TableName: config().eventsTable, Item: event }));
    const last = rewritten.at(-1)!;
    await dynamo().send(
      new UpdateCommand({ TableName: config().stateTable, Key: stateKeys.streamHead(streamId), UpdateExpression: 'SET #hash = :hash', ExpressionAttributeNames: { '#hash': 'hash' }, ExpressionAttributeValues: { ':hash': last.hash } }),
    );

    const after = await exportOf(contractor.api, project.id);
    expect(streamOf(after, streamId).events[2]!.data).toMatchObject({ details: 'Tile, glossy' });
    const result = await verify(after);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`ok   ${streamId} 5 events`);
    expect(result.out).toMatch(/ok {3}checkpoint of .*signed/);
    for (const reason of ['share', 'pdf-export', 'audit-export']) {
      expect(result.out).toMatch(new RegExp(`FAIL ${streamId} v5: changed since checkpoint \\d \\(${reason}, `));
    }
  });

  it('catches a rewrite hidden by deleting the recorded checkpoints too, against an earlier export the auditor kept', async () => {
    const { contractor, project, item } = await projectWithChanges();
    const kept = await exportOf(contractor.api, project.id);
    const keptFile = saved(kept);

    // The insider rewrites and re-hashes as before, then deletes every checkpoint the app recorded.
    const streamId = itemStreamId(item.id);
    const events = copy(streamOf(kept, streamId).events);
    events[2] = { ...events[2]!, data: { ...(events[2]!.data as object), to: 'Tile, glossy' } };
    const rewritten = rehash(events, 3);
    for (const event of rewritten.slice(2)) await dynamo().send(new PutCommand({ TableName: config().eventsTable, Item: event }));
    await dynamo().send(
      new UpdateCommand({ TableName: config().stateTable, Key: stateKeys.streamHead(streamId), UpdateExpression: 'SET #hash = :hash', ExpressionAttributeNames: { '#hash': 'hash' }, ExpressionAttributeValues: { ':hash': rewritten.at(-1)!.hash } }),
    );
    const recorded = await dynamo().send(new QueryCommand({ TableName: config().stateTable, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': stateKeys.auditCheckpoint(project.id, '').pk }, ConsistentRead: true }));
    // The one checkpoint the export recorded, and the marker of the heads it signed.
    expect(recorded.Items?.filter((item) => item.jws).length).toBe(1);
    for (const { pk, sk } of recorded.Items ?? []) await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: { pk, sk } }));

    // Against the app's own record the rewrite now passes: nothing it still holds pins the old chain.
    const after = await exportOf(contractor.api, project.id);
    expect(after.recordedCheckpoints).toEqual([]);
    expect((await verify(after)).code).toBe(0);
    // Against the export the auditor kept, it does not.
    const held = await verify(after, keysUrl(), ['--earlier', keptFile]);
    expect(held.code).toBe(1);
    expect(held.out).toMatch(new RegExp(`FAIL ${streamId} v5: changed since kept checkpoint \\(${keptFile.replaceAll('/', '\\/')}`));
    // An export of another project is not an earlier export of this one.
    const other = await projectWithChanges();
    const foreign = await verify(after, keysUrl(), ['--earlier', saved(await exportOf(other.contractor.api, other.project.id))]);
    expect(foreign.code).toBe(1);
    expect(foreign.out).toMatch(/an export of project .*, not /);
  });

  it('refuses a checkpoint signed by another key, even one claiming the app key\'s kid, and an export verified without keys', async () => {
    const { contractor, project } = await projectWithChanges();
    const document = await exportOf(contractor.api, project.id);
    const [header, payload] = document.checkpoint.split('.');
    const { kid } = JSON.parse(Buffer.from(header!, 'base64url').toString());
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    for (const claimed of [kid, 'someone-else']) {
      const forged = await new CompactSign(Buffer.from(payload!, 'base64url')).setProtectedHeader({ alg: 'ES256', typ: 'cc-audit-checkpoint+jws', kid: claimed }).sign(privateKey);
      const result = await verify({ ...document, checkpoint: forged });
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/FAIL the export's checkpoint: signature refused/);
    }
    // Verified against the forger's own keys, the app's real checkpoint is refused too.
    const forgerKeys = join(workDir, 'forger.jwks.json');
    writeFileSync(forgerKeys, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256' }] }));
    expect((await verify(document, forgerKeys)).out).toMatch(/FAIL the export's checkpoint: signature refused/);

    // --jwks is required.
    const file = join(workDir, 'no-keys.json');
    writeFileSync(file, JSON.stringify(document));
    const noKeys = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', file], { env: process.env }).catch((error) => error);
    expect(noKeys.code).toBe(2);
    expect(noKeys.stderr).toMatch(/--jwks is required/);
  });
  it('does not grow with exports of an unchanged project: 30 in a row by the client, and the 31st is the size of the 2nd; a change, and one checkpoint more', async () => {
    const { client, project } = await projectWithChanges();
    const sizeOf = (document: AuditExport) => Buffer.byteLength(JSON.stringify(document));
    const exports: AuditExport[] = [];
    for (let i = 0; i < 31; i++) exports.push(await exportOf(client.api, project.id));
    // The first recorded the project as it stood; every later one carries that and adds nothing.
    expect(exports.map((document) => document.recordedCheckpoints.length)).toEqual([0, ...Array(30).fill(1)]);
    expect(sizeOf(exports[30]!)).toBe(sizeOf(exports[1]!));
    // A PDF export of the unchanged project records nothing either.
    expect((await fetch(`${client.api.baseUrl}/api/projects/${project.id}/export-pdf`, { method: 'POST', headers: { cookie: client.api.cookie! } })).status).toBe(200);
    expect(await recordedCheckpoints(project.id)).toHaveLength(1);
    // Each still carries a checkpoint signed at its own moment, which verifies.
    expect(new Set(exports.map((document) => document.checkpoint)).size).toBe(31);
    expect((await verify(exports[30])).code).toBe(0);

    // A change, then an export: one new checkpoint, pinning the new head; the next export carries it.
    expect((await client.api.post('/api/chat', { projectId: project.id, message: 'One more thing.' })).status).toBe(201);
    const changed = await exportOf(client.api, project.id);
    expect(changed.recordedCheckpoints).toHaveLength(1);
    expect(await recordedCheckpoints(project.id)).toHaveLength(2);
    const next = await exportOf(client.api, project.id);
    expect(next.recordedCheckpoints.map((checkpoint) => checkpoint.reason)).toEqual(['audit-export', 'audit-export']);
    expect(sizeOf(await exportOf(client.api, project.id))).toBe(sizeOf(next));
    expect((await verify(next)).code).toBe(0);
  });

  it(`limits each account to ${EXPORTS_PER_ACCOUNT_PER_HOUR} exports (audit and PDF together) an hour: 429 beyond, counted atomically under a burst`, async () => {
    await awayFromWindowEdge();
    const { client, contractor, project } = await projectWithChanges();
    // The whole allowance at once, ten in flight: every one answered, none lost to a race.
    const statuses: number[] = [];
    for (let i = 0; i < EXPORTS_PER_ACCOUNT_PER_HOUR; i += 10) {
      statuses.push(...(await Promise.all(Array.from({ length: Math.min(10, EXPORTS_PER_ACCOUNT_PER_HOUR - i) }, async () => (await client.api.get(`/api/projects/${project.id}/audit-export`)).status))));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(EXPORTS_PER_ACCOUNT_PER_HOUR);

    const refused = await client.api.get(`/api/projects/${project.id}/audit-export`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(new RegExp(`At most ${EXPORTS_PER_ACCOUNT_PER_HOUR} exports \\(audit or PDF\\) an hour`));
    const pdf = await fetch(`${client.api.baseUrl}/api/projects/${project.id}/export-pdf`, { method: 'POST', headers: { cookie: client.api.cookie! } });
    expect(pdf.status).toBe(429);
    // Per account: the contractor of the same project still exports.
    expect((await contractor.api.get(`/api/projects/${project.id}/audit-export`)).status).toBe(200);
  });
});
