import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditExport } from '../../contract/audit';
import { hashEvent } from '../../events/hash-chain';
import { projectStreamId } from '../../events/streams';
import { dynamo } from '../../functions/adapters/dynamo';
import { s3 } from '../../functions/adapters/s3';
import { eventStore } from '../../functions/commands/event-store';
import { config } from '../../functions/config';
import { liveProjectViews, replaceProjectViews } from '../../functions/projections/rebuild';
import { stateKeys } from '../../functions/store/keys';
import { getStateItems } from '../../functions/store/view-table';
import { seedFlagEvents } from '../../bench/seed-events';
import { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';
import { usePrivateCloudForFile } from '../support/private-cloud';
import { rawGet } from '../support/raw-get';
import { runScript } from '../support/run-script';
import { expectReplayEqualsLive } from '../support/views';

/**
 * Archiving closed projects (issue 31), as an operator and the project's people see it: a project
 * completed with 10,000 events moves to the archive bucket (compressed, verified) and leaves only
 * its summary in the tables; its checklist, history, audit page and audit export answer as before
 * (read from the archive), the export still passes `npm run audit:verify`, writes are refused with
 * 409; `npm run projects:restore` brings it all back, and it works as before.
 *
 * In a local cloud of its own (tests/support/private-cloud.ts): the 10,000 events stay out of the
 * shared tables, which other files read whole (every project replayed, the digest's and the
 * costs' sweeps).
 */

const SEEDED = 10_000;
const workDir = mkdtempSync(join(tmpdir(), 'archive-'));
const own = usePrivateCloudForFile();
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const operator = (name: string, args: string[]) => runScript(name, args, own().env);
const person = (role: 'client' | 'contractor') => signedUp(role, {}, { baseUrl: own().url });

const archive = (...args: string[]) => operator('projects-archive', ['--settle-ms', '100', ...args]);
const restore = (...args: string[]) => operator('projects-restore', args);

async function verifyExport(document: AuditExport): Promise<{ code: number; out: string }> {
  const file = join(workDir, `${document.projectId}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(document));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', file, '--jwks', `${own().url}/api/audit/keys`], { env: process.env });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
}

/** The audit export as a browser downloads it (a 10,000-event export is only served gzipped). */
async function exportOf(api: ApiClient, projectId: string): Promise<AuditExport> {
  const answer = await rawGet(`/api/projects/${projectId}/audit-export`, { cookie: api.cookie!, 'accept-encoding': 'gzip' }, api.baseUrl);
  expect(answer.status).toBe(200);
  return JSON.parse((answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8'));
}

const ok = <T>(answer: { status: number; body: T }): T => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

/** A completed project both people worked on, with `seeded` flag events on its items besides. */
async function completedProject(seeded = 0) {
  const client = await person('client');
  const contractor = await person('contractor');
  const created = await contractor.api.post('/api/projects', { name: 'Closed Court', address: '9 Ledger Row', clientName: 'Chris Owner', clientEmail: client.user.email });
  const projectId = created.body.id as string;
  expect((await client.api.get(`/api/projects/${projectId}/checklist`)).status).toBe(200);
  const [room] = ok(await contractor.api.get<{ id: string }[]>(`/api/projects/${projectId}/rooms`));
  const items: { id: string }[] = [];
  for (const name of ['Oak floor', 'Tap', 'Vanity']) {
    const added = await contractor.api.post<{ id: string }>('/api/checklist-items', { roomId: room!.id, category: 'standard', name });
    expect(added.status).toBe(201);
    items.push(added.body);
  }
  expect((await contractor.api.request('PATCH', `/api/checklist-items/${items[0]!.id}`, { contractorCompleted: true })).status).toBe(200);
  expect((await client.api.post('/api/chat', { projectId, message: 'All done, thank you.' })).status).toBe(201);
  if (seeded) {
    // As a long-lived project's events would be, straight into the store; its views then replayed from them.
    await seedFlagEvents(eventStore(), projectId, items, seeded);
    await replaceProjectViews(eventStore(), projectId);
  }
  expect((await contractor.api.request('PATCH', `/api/projects/${projectId}`, { status: 'completed' })).status).toBe(200);
  return { client, contractor, projectId, roomId: room!.id, items };
}

/** What the project's people read, to compare before and after. */
async function reads(api: ApiClient, projectId: string, items: readonly { id: string }[]) {
  const audit = ok(await api.get(`/api/projects/${projectId}/audit`));
  return {
    checklist: ok(await api.get(`/api/projects/${projectId}/checklist`)),
    history: ok(await api.get(`/api/projects/${projectId}/history`)),
    rooms: ok(await api.get(`/api/projects/${projectId}/rooms`)),
    itemHistory: ok(await api.get(`/api/checklist-items/${items[0]!.id}/history`)),
    chat: ok(await api.get(`/api/projects/${projectId}/chat`)),
    audit: { total: audit.total, entries: audit.entries, verified: audit.verification.verified, events: audit.verification.events },
  };
}

const eventsInTable = async (projectId: string) => (await eventStore().readRawProjectEvents(projectId, { streamsOnly: true })).length;
const summaryOf = async (projectId: string) => (await getStateItems([stateKeys.projectSummary(projectId)]))[0] as Record<string, any> | undefined;
const objectExists = (key: string) =>
  s3().send(new HeadObjectCommand({ Bucket: config().archiveBucket, Key: key })).then(
    () => true,
    () => false,
  );

describe('archiving a closed project', () => {
  it('round trip on 10,000 events: archive, open from the archive, verify the export, restore', async () => {
    const { client, contractor, projectId, items } = await completedProject(SEEDED);
    const before = await reads(contractor.api, projectId, items);
    const clientBefore = await reads(client.api, projectId, items);
    const eventsBefore = await eventsInTable(projectId);
    expect(eventsBefore).toBeGreaterThan(SEEDED);
    expect(before.audit.verified).toBe(true);

    // The operator archives it; what the tables kept of it is the summary, marked.
    const archived = await archive('--days', '0', '--project', projectId, '--json');
    expect(archived.code, archived.out).toBe(0);
    const outcome = JSON.parse(archived.out.slice(archived.out.indexOf('{'))).outcomes[0];
    expect(outcome).toMatchObject({ projectId, result: 'archived', events: eventsBefore, key: `archive/${contractor.user.id}/${projectId}.json.gz` });
    expect(await eventsInTable(projectId)).toBe(0);
    expect((await eventStore().readHead(projectStreamId(projectId))).version).toBe(0);
    const left = await liveProjectViews(projectId);
    expect(left.filter((item) => !String(item.sk).startsWith('person#')).map((item) => item.sk)).toEqual(['summary']);
    expect((await summaryOf(projectId))?.archived).toMatchObject({ key: outcome.key, events: eventsBefore, bytes: outcome.bytes });

    // In the bucket: one gzip JSON object, much smaller than the events it holds.
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: config().archiveBucket, Key: outcome.key }));
    const compressed = await Body!.transformToByteArray();
    const document = JSON.parse(gunzipSync(compressed).toString('utf8'));
    expect(document.streams.reduce((sum: number, stream: { events: unknown[] }) => sum + stream.events.length, 0)).toBe(eventsBefore);
    expect(compressed.length).toBeLessThan(gunzipSync(compressed).length / 5);

    // Its people read it as before; it is still in the lists; others still get 404, strangers 401.
    expect(await reads(contractor.api, projectId, items)).toEqual(before);
    expect(await reads(client.api, projectId, items)).toEqual(clientBefore);
    expect(ok(await contractor.api.get<{ id: string }[]>('/api/projects')).map((project) => project.id)).toContain(projectId);
    const stranger = await person('contractor');
    expect((await stranger.api.get(`/api/projects/${projectId}/checklist`)).status).toBe(404);
    expect((await stranger.api.get(`/api/projects/${projectId}/audit-export`)).status).toBe(404);
    expect((await new ApiClient(undefined, { baseUrl: own().url }).get(`/api/projects/${projectId}/checklist`)).status).toBe(401);

    // The audit export comes from the archive and verifies as an auditor checks it.
    const exported = await exportOf(contractor.api, projectId);
    expect(exported.streams.reduce((sum, stream) => sum + stream.events.length, 0)).toBe(eventsBefore);
    expect(exported.recordedCheckpoints.map((checkpoint) => checkpoint.reason)).toContain('archive');
    const verified = await verifyExport(exported);
    expect(verified.code, verified.out).toBe(0);

    // Nothing changes it while archived: 409 naming why, and nothing was written.
    const refused = 'This project is archived. Ask the service to restore it.';
    for (const answer of [
      await contractor.api.request('PATCH', `/api/projects/${projectId}`, { status: 'active' }),
      await contractor.api.post('/api/rooms', { projectId, type: 'study', customName: 'Den' }),
      await client.api.post('/api/chat', { projectId, message: 'Can we reopen?' }),
    ]) {
      expect([answer.status, answer.body.message]).toEqual([409, refused]);
    }
    const itemWrite = await contractor.api.request('PATCH', `/api/checklist-items/${items[1]!.id}`, { contractorCompleted: true });
    expect([itemWrite.status, itemWrite.body.message]).toEqual([409, refused]);
    expect(await eventsInTable(projectId)).toBe(0);
    // A plain rebuild of its views (it has no events here) keeps its tombstone: it is still listed and still opens.
    const rebuilt = await operator('rebuild-views', ['--project', projectId]);
    expect(rebuilt.code, rebuilt.out).toBe(0);
    expect((await summaryOf(projectId))?.archived).toMatchObject({ key: outcome.key });
    expect(await reads(contractor.api, projectId, items)).toEqual(before);

    // The operator restores it: the same events, views rebuilt, the object gone, and it takes changes again.
    const restored = await restore(projectId);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(`restored ${eventsBefore} events`);
    expect(await eventsInTable(projectId)).toBe(eventsBefore);
    expect((await summaryOf(projectId))?.archived).toBeUndefined();
    expect(await objectExists(outcome.key)).toBe(false);
    expect(await reads(contractor.api, projectId, items)).toEqual(before);
    await expectReplayEqualsLive(projectId);
    expect((await contractor.api.request('PATCH', `/api/projects/${projectId}`, { status: 'active' })).status).toBe(200);
    expect((await client.api.post('/api/chat', { projectId, message: 'Reopened, thanks.' })).status).toBe(201);
    const after = await verifyExport(await exportOf(contractor.api, projectId));
    expect(after.code, after.out).toBe(0);
  }, 600_000);

  it('takes only projects closed for more than the days given, and says why it left the others', async () => {
    const { contractor, projectId } = await completedProject();
    const active = (await contractor.api.post('/api/projects', { name: 'Open House', address: '1 Busy Street', clientName: 'Ann' })).body.id as string;
    const run = await archive('--days', '1', '--project', projectId, '--project', active);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain(`${projectId}: skipped: completed since`);
    expect(run.out).toContain(`${active}: skipped: not completed or cancelled (active)`);
    expect(await eventsInTable(projectId)).toBeGreaterThan(0);
    expect((await summaryOf(projectId))?.archived).toBeUndefined();
    expect((await contractor.api.request('PATCH', `/api/projects/${projectId}`, { lockBoxCode: '4411' })).status).toBe(200);
  });

  it("offboarding its company takes its archives too: the export carries their events, the removal deletes the object and the tombstone", async () => {
    const { contractor, projectId } = await completedProject();
    const archived = await archive('--days', '0', '--project', projectId, '--json');
    expect(archived.code, archived.out).toBe(0);
    const key = (await summaryOf(projectId))?.archived?.key as string;
    expect(await objectExists(key)).toBe(true);
    const exported = await operator('tenant-export', ['--tenant', contractor.user.id]);
    expect(exported.code, exported.out).toBe(0);
    expect(exported.out).toContain(`"streamId":"project#${projectId}"`);
    const removed = await operator('tenant-offboard', ['--tenant', contractor.user.id, '--confirm']);
    expect(removed.code, removed.out).toBe(0);
    expect(await objectExists(key)).toBe(false);
    expect(await summaryOf(projectId)).toBeUndefined();
  });

  it('refuses to restore an archive that was tampered with, and restores nothing of it', async () => {
    const { contractor, projectId } = await completedProject();
    const archived = await archive('--days', '0', '--project', projectId);
    expect(archived.code, archived.out).toBe(0);
    const { key } = (await summaryOf(projectId))!.archived;
    // An insider with access to the bucket edits one event's data.
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: config().archiveBucket, Key: key }));
    const document = JSON.parse(gunzipSync(await Body!.transformToByteArray()).toString('utf8'));
    const item = document.streams.find((stream: { streamId: string }) => stream.streamId.startsWith('item#'));
    item.events[0].data.name = 'Marble floor';
    await s3().send(new PutObjectCommand({ Bucket: config().archiveBucket, Key: key, Body: gzipSync(JSON.stringify(document)) }));

    const restored = await restore(projectId);
    expect(restored.code).toBe(1);
    expect(restored.out).toContain('does not verify');
    expect(await eventsInTable(projectId)).toBe(0);
    expect((await summaryOf(projectId))?.archived).toBeDefined();
    // The audit page says so too.
    expect(ok(await contractor.api.get(`/api/projects/${projectId}/audit`)).verification.verified).toBe(false);

    // One who also re-chains the hashes after the edit and drops the signed checkpoint is caught by the signatures.
    for (const event of item.events) {
      const { hash: _old, ...linked } = { ...event, prevHash: item.events[item.events.indexOf(event) - 1]?.hash ?? event.prevHash };
      Object.assign(event, { prevHash: linked.prevHash, hash: hashEvent(linked) });
    }
    item.head.hash = item.events.at(-1).hash;
    document.headItems.find((head: { streamId: string }) => head.streamId === item.streamId).hash = item.head.hash;
    delete document.checkpoint;
    await s3().send(new PutObjectCommand({ Bucket: config().archiveBucket, Key: key, Body: gzipSync(JSON.stringify(document)) }));
    const again = await restore(projectId);
    expect([again.code, again.out]).toEqual([1, expect.stringContaining('does not verify')]);
    expect(await eventsInTable(projectId)).toBe(0);
    expect(ok(await contractor.api.get(`/api/projects/${projectId}/audit`)).verification.verified).toBe(false);
  });

  it('finishes a restore that was interrupted, keeping what it had put back, and stops at an item that is not the archive\'s, overwriting nothing', async () => {
    const { contractor, projectId, items } = await completedProject(250);
    const before = await reads(contractor.api, projectId, items);
    expect((await archive('--days', '0', '--project', projectId)).code).toBe(0);
    const { key, events: count } = (await summaryOf(projectId))!.archived;
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: config().archiveBucket, Key: key }));
    const events: Record<string, unknown>[] = JSON.parse(gunzipSync(await Body!.transformToByteArray()).toString('utf8')).streams.flatMap((stream: { events: unknown[] }) => stream.events);
    expect(events).toHaveLength(count);
    expect(count).toBeGreaterThan(300);

    // A first run put 150 events back before it stopped; something else has since written at the key of a later one.
    const TableName = config().eventsTable;
    for (const event of events.slice(0, 150)) await dynamo().send(new PutCommand({ TableName, Item: event }));
    const taken = events[200]!;
    const keyOfTaken = { streamId: taken.streamId, version: taken.version };
    await dynamo().send(new PutCommand({ TableName, Item: { ...taken, hash: 'not-the-archived-one' } }));

    const stopped = await restore(projectId);
    expect([stopped.code, stopped.out]).toEqual([1, expect.stringContaining('holds something other than the archive\'s copy: nothing overwritten, restore stopped')]);
    expect((await dynamo().send(new GetCommand({ TableName, Key: keyOfTaken, ConsistentRead: true }))).Item?.hash).toBe('not-the-archived-one');
    expect((await summaryOf(projectId))?.archived).toMatchObject({ key });
    expect(await objectExists(key)).toBe(true);

    // That item cleared, the next run finishes: every event as archived, the views rebuilt, the archive gone.
    await dynamo().send(new DeleteCommand({ TableName, Key: keyOfTaken }));
    const restored = await restore(projectId);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(`restored ${count} events`);
    expect(await eventsInTable(projectId)).toBe(count);
    expect((await summaryOf(projectId))?.archived).toBeUndefined();
    expect(await objectExists(key)).toBe(false);
    expect(await reads(contractor.api, projectId, items)).toEqual(before);
    expect((await verifyExport(await exportOf(contractor.api, projectId))).code).toBe(0);
  });

  it('erasing a person erases them from an archived project too: its tombstone is rewritten, the archive still verifies', async () => {
    const { client, contractor, projectId } = await completedProject();
    expect((await archive('--days', '0', '--project', projectId)).code).toBe(0);
    const email = client.user.email as string;
    expect(JSON.stringify(await summaryOf(projectId))).toContain(email);

    const erased = await operator('person-erase', ['--user', client.user.id, '--confirm']);
    expect(erased.code, erased.out).toBe(0);
    const tombstone = await summaryOf(projectId);
    expect(JSON.stringify(tombstone)).not.toContain(email);
    expect(tombstone?.archived).toBeDefined();
    expect(ok(await contractor.api.get<{ project: object }>(`/api/projects/${projectId}/checklist`)).project).toMatchObject({ clientName: 'Deleted user', clientEmail: 'Deleted user' });
    const verified = await verifyExport(await exportOf(contractor.api, projectId));
    expect(verified.code, verified.out).toBe(0);
  });

  it('answers a mistyped command with its usage, and an unknown project by name', async () => {
    expect((await restore()).code).toBe(2);
    const unknown = await restore('no-such-project');
    expect([unknown.code, unknown.out]).toEqual([1, expect.stringContaining('no-such-project: No project no-such-project')]);
    const absent = await archive('--days', '0', '--project', 'no-such-project');
    expect([absent.code, absent.out]).toEqual([0, expect.stringContaining('no-such-project: skipped: no such project')]);
    const badDays = await archive('--days', 'soon');
    expect([badDays.code, badDays.out]).toEqual([2, expect.stringContaining('--days must be a whole number')]);
  });
});
