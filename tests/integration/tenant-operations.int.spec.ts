import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/adapters/dynamo';
import { s3 } from '../../functions/adapters/s3';
import { config } from '../../functions/config';
import { originalKeyOf, thumbnailKeyOf } from '../../functions/objects/object-keys';
import { eventStore } from '../../functions/commands/event-store';
import { verifyProject } from '../../functions/store/verify';
import { signedUp } from '../support/accounts';
import { usePrivateCloudForFile } from '../support/private-cloud';
import { runScript } from '../support/run-script';
import { uploadPhoto } from '../support/upload-photo';

/**
 * `npm run tenant:export` and `tenant:offboard`, run as an operator would, in processes of their
 * own against the local cloud: one tenant's export holds all of it and nothing of another; the
 * offboard removes it from both tables and the bucket, and leaves the other tenant as it was.
 *
 * "Nothing of it is left" reads both tables whole, many times: this file has a local cloud of its
 * own (tests/support/private-cloud.ts), so those scans read its own tenants, not every other
 * file's (in the shared cloud they took most of its time, and DynamoDB Local's from the others).
 */

const workDir = mkdtempSync(join(tmpdir(), 'tenant-ops-'));
const own = usePrivateCloudForFile();
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const operator = (name: string, args: string[]) => runScript(name, args, own().env);

/** A tenant in use: a project with its client, a ticked item, a chat message, a published photo, a pending upload. */
async function tenantInUse(name: string) {
  const client = await signedUp('client', {}, { baseUrl: own().url });
  const contractor = await signedUp('contractor', {}, { baseUrl: own().url });
  const ok = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body;
  };
  const project = ok(await contractor.api.post('/api/projects', { name, address: '1 Tenant Way', clientName: 'Chris Owner', clientEmail: client.user.email }));
  const [room] = ok(await contractor.api.get(`/api/projects/${project.id}/rooms`));
  const [item] = ok(await contractor.api.get(`/api/rooms/${room.id}/items`));
  ok(await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { contractorCompleted: true }));
  ok(await client.api.post('/api/chat', { projectId: project.id, message: `Hello from ${name}` }));
  const published = ok(await contractor.api.put('/api/objects/acl', { visibility: 'public', objectURL: await uploadPhoto(contractor.api), itemId: item.id })).objectPath as string;
  const pending = /\/(uploads\/.+)$/.exec(await uploadPhoto(contractor.api))![1]!;
  return { contractor, client, project, item, published: published.replace(/^\//, ''), pending };
}

/** Every item of both tables that mentions `text` anywhere. */
async function itemsMentioning(text: string): Promise<unknown[]> {
  const found: unknown[] = [];
  for (const table of [config().eventsTable, config().stateTable]) {
    for await (const page of paginateScan({ client: dynamo() }, { TableName: table, ConsistentRead: true })) {
      for (const item of page.Items ?? []) if (JSON.stringify(item).includes(text)) found.push(item);
    }
  }
  return found;
}

/** The tenant's events, counted straight from the events table. */
async function eventCountOf(tenantId: string): Promise<number> {
  let count = 0;
  for await (const page of paginateScan({ client: dynamo() }, { TableName: config().eventsTable, ConsistentRead: true })) {
    count += (page.Items ?? []).filter((item) => item.tenantId === tenantId).length;
  }
  return count;
}

async function stored(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

const readExport = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { record: string; [key: string]: unknown });

describe('tenant export and offboarding', () => {
  it('exports all of a tenant and nothing of another, then removes it everywhere and leaves the other as it was', async () => {
    const gone = await tenantInUse('Offboarded Oaks');
    const kept = await tenantInUse('Kept Cedars');
    const tenant = gone.contractor.user.id;

    const file = join(workDir, 'gone.ndjson');
    const exported = await operator('tenant-export', ['--tenant', tenant, '--out', file]);
    expect(exported.code, exported.out).toBe(0);
    const records = readExport(file);
    const events = records.filter((record) => record.record === 'event');
    // Every event of the tenant (its account's and its project's), and every one is the tenant's.
    expect(events.length).toBe(await eventCountOf(tenant));
    expect(events.every((event) => event.tenantId === tenant)).toBe(true);
    expect(events.some((event) => event.type === 'MessagePosted')).toBe(true);
    // Names are sealed as stored (so the hashes hold); `plain` has them readable for the tenant.
    const posted = events.find((event) => event.type === 'MessagePosted' && (event.meta as { role: string }).role === 'client') as unknown as { data: { senderName: string }; plain: { data: unknown } };
    expect(posted.data.senderName).toMatch(/^pii1:person:/);
    expect(posted.plain.data).toMatchObject({ senderName: 'Chris Owner', message: 'Hello from Offboarded Oaks' });
    const text = JSON.stringify(records);
    expect(text).toContain(gone.project.id);
    expect(text).toContain(gone.contractor.user.email);
    for (const other of [kept.project.id, kept.contractor.user.id, kept.client.user.email]) expect(text).not.toContain(other);
    // Issue 30: a photo is its served copy, its private original and its thumbnail.
    expect(records.filter((record) => record.record === 'object').map((record) => record.key).sort()).toEqual([gone.published, originalKeyOf(gone.published), thumbnailKeyOf(gone.published), gone.pending].sort());
    expect(exported.out).toMatch(new RegExp(`Tenant ${tenant}: \\d+ events, \\d+ state items, 4 objects written to `));

    // Without --confirm, it only says what it would remove.
    const dryRun = await operator('tenant-offboard', ['--tenant', tenant]);
    expect(dryRun.out).toMatch(/would remove \d+ events \(1 projects\)/);
    expect(await stored(gone.published)).toBe(true);

    const keptBefore = await itemsMentioning(kept.project.id);
    const offboarded = await operator('tenant-offboard', ['--tenant', tenant, '--confirm']);
    expect(offboarded.code, offboarded.out).toBe(0);
    expect(offboarded.out).toMatch(new RegExp(`removed ${events.length} events \\(1 projects\\), \\d+ state items, 4 objects`));

    // Nothing of it is left in either table or the bucket, its account included.
    for (const id of [tenant, gone.project.id, gone.item.id]) expect(await itemsMentioning(id), id).toEqual([]);
    expect(await stored(gone.published)).toBe(false);
    expect(await stored(gone.pending)).toBe(false);
    expect((await gone.contractor.api.get('/api/auth/me')).status).toBe(401);
    // The client keeps their account; the project is gone from their list.
    expect((await gone.client.api.get('/api/auth/me')).status).toBe(200);
    expect((await gone.client.api.get('/api/client-projects')).body ?? []).not.toContainEqual(expect.objectContaining({ id: gone.project.id }));

    // The other tenant is exactly as it was, and its chains verify.
    expect(await itemsMentioning(kept.project.id)).toEqual(keptBefore);
    expect(await verifyProject(eventStore(), kept.project.id)).toEqual([]);
    expect(await stored(kept.published)).toBe(true);
    expect((await kept.contractor.api.get(`/api/projects/${kept.project.id}/stats`)).status).toBe(200);
  });

  it("offboarding removes only what the tenant's account uploaded: another tenant's photo named in its items and chat stays served", async () => {
    const gone = await tenantInUse('Borrowing Birches');
    const kept = await tenantInUse('Lending Larches');
    // Photos are served to their project's people (issue 30): the other tenant's contractor asks.
    const served = async (key: string) => (await fetch(`${gone.contractor.api.baseUrl}/${key}`, { headers: { cookie: kept.contractor.api.cookie! } })).status;
    expect(await served(kept.published)).toBe(200);
    // The offboarded tenant names the other's photo wherever a path can go: an item's images and the chat.
    const path = `/${kept.published}`;
    const named = await gone.contractor.api.request('PATCH', `/api/checklist-items/${gone.item.id}`, { referenceImages: [path], cabinetImages: [path] });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect((await gone.contractor.api.post('/api/chat', { projectId: gone.project.id, message: `Like this one: ${path}` })).status).toBe(201);
    expect((await gone.client.api.post('/api/chat', { projectId: gone.project.id, message: path })).status).toBe(201);

    const exported = await operator('tenant-export', ['--tenant', gone.contractor.user.id, '--out', join(workDir, 'borrowing.ndjson')]);
    expect(exported.out).toMatch(/ 4 objects written to /);
    const offboarded = await operator('tenant-offboard', ['--tenant', gone.contractor.user.id, '--confirm']);
    expect(offboarded.code, offboarded.out).toBe(0);
    expect(offboarded.out).toMatch(/, 4 objects/);

    // The other tenant's photo is still served, and still on its item; the offboarded tenant's own is not.
    expect(await served(kept.published)).toBe(200);
    expect(await stored(kept.published)).toBe(true);
    // Gone with its record: the 403 of any path no photo names.
    expect(await served(gone.published)).toBe(403);
    expect(await stored(gone.published)).toBe(false);
    expect(await stored(gone.pending)).toBe(false);
    // So does the other tenant's upload record of it.
    const records = (await itemsMentioning(path)) as Array<{ pk?: string; userId?: string }>;
    expect(records.filter((record) => record.pk?.startsWith('upload#') && record.userId === kept.contractor.user.id)).toHaveLength(1);
  });

  it('says so when a tenant has nothing, and refuses to run without one', async () => {
    expect((await operator('tenant-offboard', ['--tenant', 'no-such-tenant', '--confirm'])).out).toContain('nothing found');
    expect((await operator('tenant-export', [])).code).toBe(2);
  });
});
