import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditExport } from '../../contract/audit';
import { tenantStreamId } from '../../events/streams';
import { PROJECT_PAUSED_MESSAGE, TENANT_SUSPENDED_MESSAGE } from '../../events/tenants/messages';
import { dynamo } from '../../functions/adapters/dynamo';
import { s3 } from '../../functions/adapters/s3';
import { eventStore } from '../../functions/commands/event-store';
import { config } from '../../functions/config';
import { sweepOffboarded } from '../../functions/operator/tenant-offboarding';
import { sweep as scheduledSweep } from '../../functions/handlers/operator-api';
import { stateKeys } from '../../functions/store/keys';
import { signedUp } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { usePrivateCloudForFile } from '../support/private-cloud';
import { runScript } from '../support/run-script';
import { tenantItem } from '../support/tenants';

/**
 * A tenant's lifecycle (issue 31), as its people and the operator notice it: a record from
 * sign-up; suspended, its contractors are refused everywhere (HTTP and WebSocket, open sockets
 * closed) and its projects' clients told the project is paused, while other tenants work on;
 * resumed, everything works again; offboarded, it is exported, then removed by the sweep after
 * its grace period (0 days in tests), other tenants untouched and their audit exports verifying.
 * Every action is an event on the tenant's stream naming the operator.
 */

const workDir = mkdtempSync(join(tmpdir(), 'tenants-'));
// The sweep removes every tenant whose grace period is over, the shared cloud's included, and the
// operator API's test sweeps too: so this file has a local cloud of its own (tests/support/private-cloud.ts).
const own = usePrivateCloudForFile();
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const wsUrl = (projectId: string) => `${own().url.replace(/^http/, 'ws')}/ws?projectId=${projectId}`;
const tenantCli = (...args: string[]) => runScript('tenant', args, own().env);

/** A WebSocket on the project: open (and when the server closes it), or the handshake's refusal (status and message). */
function socket(projectId: string, cookie: string): Promise<{ open: true; closed: Promise<void> } | { open: false; status: number; message: string }> {
  const ws = new WebSocket(wsUrl(projectId), { headers: { cookie } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ open: true, closed: new Promise((done) => ws.once('close', () => done())) }));
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ open: false, status: res.statusCode ?? 0, message: text ? (JSON.parse(text) as { message: string }).message : '' }));
    });
    ws.once('error', reject);
  });
}

/** A contractor (tenant) with a project whose client is signed in, a room and an item. */
async function tenantWithProject(companyName = 'Hawthorn Homes') {
  const contractor = await signedUp('contractor', { companyName }, { baseUrl: own().url });
  const client = await signedUp('client', {}, { baseUrl: own().url });
  const projectId = (await contractor.api.post('/api/projects', { name: 'Hawthorn House', address: '4 Hawthorn Way', clientName: 'Chris Owner', clientEmail: client.user.email })).body.id as string;
  expect((await client.api.get(`/api/projects/${projectId}/checklist`)).status).toBe(200);
  const roomId = (await contractor.api.post('/api/rooms', { projectId, type: 'kitchen' })).body.id as string;
  const itemId = (await contractor.api.post('/api/checklist-items', { roomId, category: 'special_features', name: 'Pantry door' })).body.id as string;
  return { contractor, client, projectId, roomId, itemId, tenantId: contractor.user.id };
}

const tenantEventsOf = async (tenantId: string) => eventStore().readStream(tenantStreamId(tenantId));

/** What the contractor meets on a handful of routes, reads and writes. */
async function contractorAnswers(api: ApiClient, projectId: string, itemId: string) {
  return [
    await api.get('/api/auth/me'),
    await api.get('/api/projects'),
    await api.get(`/api/projects/${projectId}/checklist`),
    await api.post('/api/projects', { name: 'Another', address: '1 Other Road', clientName: 'Pat' }),
    await api.request('PATCH', `/api/checklist-items/${itemId}`, { contractorCompleted: true }),
  ].map((answer) => [answer.status, answer.body?.message]);
}

describe('a tenant', () => {
  it('gets its record at a contractor’s sign-up: active, on the standard plan, named for the company, the owner its one seat; a client’s sign-up makes none', async () => {
    const contractor = await signedUp('contractor', { companyName: 'Rowan & Sons' }, { baseUrl: own().url });
    expect(await tenantItem(contractor.user.id)).toMatchObject({ tenantId: contractor.user.id, name: 'Rowan & Sons', status: 'active', plan: 'standard', ownerId: contractor.user.id, seats: 1, gsi1pk: 'tenants#' });
    const unnamed = await signedUp('contractor', {}, { baseUrl: own().url });
    expect(await tenantItem(unnamed.user.id)).toMatchObject({ name: 'Casey Builder' });
    const client = await signedUp('client', {}, { baseUrl: own().url });
    expect(await tenantItem(client.user.id)).toBeUndefined();
  });

  it('suspended: its contractors are refused on every route and at the WebSocket, its open sockets closed, its clients told the project is paused; other tenants work on; resumed: all works again', async () => {
    const held = await tenantWithProject();
    const other = await tenantWithProject('Other Builders');
    const open = await socket(held.projectId, held.contractor.api.cookie!);
    const clientOpen = await socket(held.projectId, held.client.api.cookie!);
    expect(open.open && clientOpen.open).toBe(true);

    const suspended = await tenantCli('suspend', held.tenantId, '--reason', 'Invoice 1042 unpaid', '--json');
    expect(suspended.code).toBe(0);
    expect(JSON.parse(suspended.out.slice(suspended.out.indexOf('{')))).toMatchObject({ id: held.tenantId, status: 'suspended', statusReason: 'Invoice 1042 unpaid' });

    // The contractor: every route refused with the one message, reads and writes alike, nothing changed.
    for (const answer of await contractorAnswers(held.contractor.api, held.projectId, held.itemId)) expect(answer).toEqual([403, TENANT_SUSPENDED_MESSAGE]);
    // (A refused handshake carries its status only, as API Gateway's does: the pages learn why from the HTTP routes.)
    expect(await socket(held.projectId, held.contractor.api.cookie!)).toMatchObject({ open: false, status: 403 });
    // Sockets open before the suspension were closed by it.
    await (open as { closed: Promise<void> }).closed;
    await (clientOpen as { closed: Promise<void> }).closed;

    // The client: that project is paused (its reads, its item writes, its socket).
    for (const answer of [
      await held.client.api.get(`/api/projects/${held.projectId}/checklist`),
      await held.client.api.get(`/api/projects/${held.projectId}/history`),
      await held.client.api.post(`/api/checklist-items/${held.itemId}/approve`, { selectionHash: 'a'.repeat(64) }),
    ]) expect([answer.status, answer.body.message]).toEqual([403, PROJECT_PAUSED_MESSAGE]);
    expect(await socket(held.projectId, held.client.api.cookie!)).toMatchObject({ open: false, status: 403 });
    // Someone else's client asking for that project learns nothing: 404 as before.
    expect((await other.client.api.get(`/api/projects/${held.projectId}/checklist`)).status).toBe(404);

    // Another tenant is untouched.
    expect((await other.contractor.api.get(`/api/projects/${other.projectId}/checklist`)).status).toBe(200);
    expect((await other.client.api.get(`/api/projects/${other.projectId}/checklist`)).status).toBe(200);
    // The suspended contractor may still sign out.
    const tab = new ApiClient(randomUUID(), { baseUrl: own().url });
    tab.cookie = held.contractor.api.cookie;
    expect((await tab.post('/api/auth/logout', {})).status).toBe(200);

    // Resume: everything works again, data kept.
    expect((await tenantCli('resume', held.tenantId)).code).toBe(0);
    const again = await signedIn(held.contractor.user.email);
    expect((await again.get(`/api/projects/${held.projectId}/checklist`)).body).toMatchObject({ rooms: expect.arrayContaining([expect.objectContaining({ id: held.roomId })]) });
    expect((await again.request('PATCH', `/api/checklist-items/${held.itemId}`, { contractorCompleted: true })).status).toBe(200);
    expect((await held.client.api.get(`/api/projects/${held.projectId}/checklist`)).status).toBe(200);
    const reopened = await socket(held.projectId, again.cookie!);
    expect(reopened.open).toBe(true);

    // The stream says what happened and who did it.
    const events = await tenantEventsOf(held.tenantId);
    expect(events.map((event) => event.type)).toEqual(['TenantCreated', 'TenantSuspended', 'TenantResumed']);
    expect(events[1]).toMatchObject({ data: { reason: 'Invoice 1042 unpaid' }, meta: { actorId: 'operator:local-operator', role: 'system', displayName: 'Operator local-operator' }, tenantId: held.tenantId });
    expect(await tenantItem(held.tenantId)).toMatchObject({ status: 'active' });
    expect((await tenantItem(held.tenantId))?.statusReason).toBeUndefined();
  });

  it('changes plan: the record and the stream say from and to', async () => {
    const contractor = await signedUp('contractor', {}, { baseUrl: own().url });
    const tenantId = contractor.user.id;
    expect((await tenantCli('plan', tenantId, 'starter')).code).toBe(0);
    expect(await tenantItem(tenantId)).toMatchObject({ plan: 'starter' });
    expect((await tenantEventsOf(tenantId)).at(-1)).toMatchObject({ type: 'TenantPlanChanged', data: { from: 'standard', to: 'starter' } });
  });

  it('made before tenants had records is active on the standard plan, and gets its record and stream on the first operator action', async () => {
    const contractor = await signedUp('contractor', { companyName: 'Old Oak Ltd' }, { baseUrl: own().url });
    const tenantId = contractor.user.id;
    await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: stateKeys.tenant(tenantId) }));
    expect((await contractor.api.get('/api/projects')).status).toBe(200);
    const shown = await tenantCli('show', tenantId, '--json');
    expect(JSON.parse(shown.out.slice(shown.out.indexOf('{')))).toMatchObject({ id: tenantId, name: 'Old Oak Ltd', status: 'active', plan: 'standard' });

    expect((await tenantCli('suspend', tenantId, '--reason', 'Checking')).code).toBe(0);
    expect((await tenantEventsOf(tenantId)).map((event) => event.type)).toEqual(['TenantCreated', 'TenantSuspended']);
    expect(await tenantItem(tenantId)).toMatchObject({ name: 'Old Oak Ltd', status: 'suspended', plan: 'standard', gsi1pk: 'tenants#' });
    expect((await contractor.api.get('/api/projects')).status).toBe(403);
    const listed = await tenantCli('list', '--json');
    expect(JSON.parse(listed.out.slice(listed.out.indexOf('[')))).toEqual(expect.arrayContaining([expect.objectContaining({ id: tenantId, status: 'suspended' })]));
  });

  it('offboarded: exported to the bucket, refused, removed by the sweep once its grace period is over, then gone; other tenants untouched and verifying', async () => {
    const leaving = await tenantWithProject('Leaving Ltd');
    const staying = await tenantWithProject('Staying Ltd');
    const offboarded = await tenantCli('offboard', leaving.tenantId, '--json');
    expect(offboarded.code).toBe(0);
    const tenant = JSON.parse(offboarded.out.slice(offboarded.out.indexOf('{')));
    expect(tenant).toMatchObject({ id: leaving.tenantId, status: 'offboarding', offboarding: { exportKey: expect.stringMatching(new RegExp(`^exports/tenants/${leaving.tenantId}/`)) } });

    // The export holds the tenant's events (the project's among them), as stored, with their hashes.
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: config().uploadsBucket, Key: tenant.offboarding.exportKey }));
    const records = (await Body!.transformToString()).trim().split('\n').map((line) => JSON.parse(line) as { record: string; projectId?: string; hash?: string; pk?: string });
    expect(records.some((record) => record.record === 'event' && record.projectId === leaving.projectId && typeof record.hash === 'string')).toBe(true);
    expect(records.some((record) => record.record === 'state' && record.pk === stateKeys.user(leaving.tenantId).pk)).toBe(true);

    expect((await leaving.contractor.api.get('/api/projects')).body.message).toBe(TENANT_SUSPENDED_MESSAGE);
    expect((await leaving.client.api.get(`/api/projects/${leaving.projectId}/checklist`)).body.message).toBe(PROJECT_PAUSED_MESSAGE);
    expect((await tenantCli('resume', leaving.tenantId)).out).toContain('Refused (409): This tenant is being offboarded');

    // Before its removal date the sweep leaves it.
    expect(await sweepOffboarded({ name: 'tests' }, 'test-sweep', new Date(Date.parse(tenant.offboarding.removeAfter) - 60_000))).toEqual([]);
    const swept = await tenantCli('sweep', '--json');
    expect(swept.code).toBe(0);
    expect(JSON.parse(swept.out.slice(swept.out.indexOf('{'))).removed).toEqual(expect.arrayContaining([expect.objectContaining({ tenantId: leaving.tenantId, projects: 1, accounts: 1 })]));

    // Gone: its account, project and events removed; its own stream and record say what happened.
    expect(await tenantItem(leaving.tenantId)).toMatchObject({ status: 'gone' });
    expect((await tenantEventsOf(leaving.tenantId)).map((event) => event.type)).toEqual(['TenantCreated', 'TenantOffboardingStarted', 'TenantRemoved']);
    expect((await leaving.contractor.api.get('/api/projects')).status).toBe(401);
    expect((await leaving.client.api.get(`/api/projects/${leaving.projectId}/checklist`)).status).toBe(404);
    expect(await eventStore().readStream(`project#${leaving.projectId}`)).toEqual([]);
    // The client's own account is theirs: it stays.
    expect((await leaving.client.api.get('/api/auth/me')).status).toBe(200);

    // The other tenant: its project as it was, and its audit export verifies.
    expect((await staying.contractor.api.get(`/api/projects/${staying.projectId}/checklist`)).body).toMatchObject({ rooms: expect.arrayContaining([expect.objectContaining({ id: staying.roomId })]) });
    const document = (await staying.contractor.api.get<AuditExport>(`/api/projects/${staying.projectId}/audit-export`)).body;
    const file = join(workDir, 'staying.json');
    writeFileSync(file, JSON.stringify(document));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', file, '--jwks', `${own().url}/api/audit/keys`], { env: process.env });
    expect(stdout).toContain(`ok   project#${staying.projectId}`);
    expect((await tenantCli('show', staying.tenantId, '--json')).out).toContain('"status": "active"');
  });
});

describe('the daily sweep', () => {
  it('(the operator Lambda on its schedule) removes a tenant whose grace period is over, as the operator scheduled-sweep', async () => {
    const leaving = await tenantWithProject('Swept Ltd');
    expect((await tenantCli('offboard', leaving.tenantId)).code).toBe(0);
    expect((await scheduledSweep('test-scheduled-sweep')).removed).toBeGreaterThanOrEqual(1);
    expect(await tenantItem(leaving.tenantId)).toMatchObject({ status: 'gone' });
    expect((await tenantEventsOf(leaving.tenantId)).at(-1)).toMatchObject({ type: 'TenantRemoved', meta: { actorId: 'operator:scheduled-sweep' } });
  });
});

async function signedIn(email: string): Promise<ApiClient> {
  const api = new ApiClient(randomUUID(), { baseUrl: own().url });
  const answer = await api.post('/api/auth/login', { email, password: 'correct horse 1' });
  expect(answer.status).toBe(200);
  return api;
}

