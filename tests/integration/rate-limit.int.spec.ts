import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import { describe, expect, it } from 'vitest';
import { plans } from '../../events/tenants/plans';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { stateKeys } from '../../functions/store/keys';
import { takeToken } from '../../functions/usage/rate-limit';
import { getUsage, usageMonth } from '../../functions/usage/usage-counters';
import { signedUp } from '../support/accounts';
import { send, type ApiClient } from '../support/api-client';

/**
 * Fair shares (issue 31): each tenant has a token bucket per route group (reads, writes,
 * exports) in the state table. Past it, a request is answered 429 with Retry-After and the
 * limit in words, and nothing runs; the tenant's other groups, its clients and other tenants
 * are not affected. Every request the tenant's people make counts in its monthly usage.
 */

const perMinute = plans.standard.requestsPerMinute;

/** A request with its headers (the API client keeps only status and body). */
async function raw(api: ApiClient, method: string, path: string, body?: unknown) {
  const answer = await send(`${api.baseUrl}${path}`, {
    method,
    headers: { ...(api.cookie ? { cookie: api.cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, retryAfter: answer.headers['retry-after'], body: answer.text ? JSON.parse(answer.text) : undefined };
}

/**
 * A tenant whose bucket is spent for minutes: more than a token bucket ever holds back (one
 * token is at most 60 s / limit away), so the test does not race the refill. As a tenant would
 * after a plan went down while it was busy, but further.
 */
async function spend(subject: string, group: string, seconds: number) {
  const tat = Date.now() + 60_000 + seconds * 1000;
  await dynamo().send(new PutCommand({ TableName: config().stateTable, Item: { ...stateKeys.rateBucket(subject, group), tat, expiresAt: Math.ceil(tat / 1000) } }));
}

async function tenantWithProject() {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client');
  const project = await contractor.api.post('/api/projects', { name: 'Busy Place', address: '1 Busy Road', clientName: 'Chris Owner', clientEmail: client.user.email });
  expect(project.status).toBe(201);
  expect((await client.api.get(`/api/projects/${project.body.id}/checklist`)).status).toBe(200);
  return { contractor, client, projectId: project.body.id as string, tenantId: contractor.user.id };
}

describe('the per-tenant rate limit', () => {
  it('answers a write past the limit 429 with Retry-After and the limit, and the write changes nothing', async () => {
    const { contractor, projectId, tenantId } = await tenantWithProject();
    const rooms = (await contractor.api.get(`/api/projects/${projectId}/rooms`)).body as unknown[];
    await spend(tenantId, 'writes', 120);

    const refused = await raw(contractor.api, 'POST', '/api/rooms', { projectId, type: 'study', customName: 'Too Many' });
    expect(refused.status).toBe(429);
    const seconds = Number(refused.retryAfter);
    expect(seconds).toBeGreaterThan(100);
    expect(seconds).toBeLessThanOrEqual(121);
    expect(refused.body).toEqual({ message: `Too many requests: your company's limit is ${perMinute} a minute. Try again in ${seconds} seconds.` });

    // Again: refused as well (this time from what the gateway's process already knows, with no read).
    const again = await raw(contractor.api, 'PUT', `/api/projects/${projectId}`, { name: 'Renamed' });
    expect([again.status, Number(again.retryAfter)]).toEqual([429, expect.any(Number)]);
    expect(Number(again.retryAfter)).toBeGreaterThan(100);
    // Reads are a bucket of their own: the tenant still sees its project, unchanged.
    expect((await contractor.api.get(`/api/projects/${projectId}/rooms`)).body).toEqual(rooms);
    expect((await contractor.api.get(`/api/projects/${projectId}/checklist`)).body).toMatchObject({ project: { name: 'Busy Place' } });
    const usage = await getUsage(tenantId, usageMonth());
    expect(usage.throttled).toBe(2);
    expect(usage.requests).toBeGreaterThanOrEqual(6);
    // Signing out is not metered: it works whatever the buckets hold.
    expect((await contractor.api.post('/api/auth/logout')).status).toBeLessThan(300);
    expect((await contractor.api.get('/api/auth/me')).status).toBe(401);
  });

  it('holds one tenant back without touching another tenant, or its own clients', async () => {
    const busy = await tenantWithProject();
    const other = await tenantWithProject();
    await spend(busy.tenantId, 'reads', 60);

    expect((await busy.contractor.api.get(`/api/projects/${busy.projectId}/checklist`)).status).toBe(429);
    expect((await other.contractor.api.get(`/api/projects/${other.projectId}/checklist`)).status).toBe(200);
    // Its clients have a bucket apart (the tenant's, for its clients): a busy contractor does not lock them out, nor they the contractor.
    expect((await busy.client.api.get(`/api/projects/${busy.projectId}/checklist`)).status).toBe(200);
    expect((await busy.contractor.api.post('/api/rooms', { projectId: busy.projectId, type: 'study', customName: 'Still Writes' })).status).toBe(201);
  });

  it("counts a client's requests on a project in the project's tenant's usage, and keeps them in the clients' bucket", async () => {
    const { client, projectId, tenantId } = await tenantWithProject();
    const before = await getUsage(tenantId, usageMonth());
    await spend(`${tenantId}/clients`, 'reads', 60);
    const refused = await raw(client.api, 'GET', `/api/projects/${projectId}/checklist`);
    expect([refused.status, refused.body.message]).toEqual([429, expect.stringContaining(`limit is ${perMinute} a minute`)]);
    const after = await getUsage(tenantId, usageMonth());
    expect(after.requests - before.requests).toBe(1);
    expect(after.throttled - before.throttled).toBe(1);
  });

  it("reads a tenant's limit from its plan", async () => {
    const { contractor, projectId, tenantId } = await tenantWithProject();
    await dynamo().send(new UpdateCommand({ TableName: config().stateTable, Key: stateKeys.tenant(tenantId), UpdateExpression: 'SET #plan = :plan', ExpressionAttributeNames: { '#plan': 'plan' }, ExpressionAttributeValues: { ':plan': 'starter' } }));
    await spend(tenantId, 'writes', 30);
    const refused = await raw(contractor.api, 'DELETE', `/api/projects/${projectId}`);
    expect([refused.status, refused.body.message]).toEqual([429, expect.stringContaining(`limit is ${plans.starter.requestsPerMinute} a minute`)]);
    expect((await contractor.api.get(`/api/projects/${projectId}/checklist`)).status).toBe(200);
  });

  it('counts every token once when requests race for one bucket: a minute of burst, then refusals', async () => {
    const subject = `race-${Date.now()}`;
    const limit = 300;
    const started = Date.now();
    // 40 at a time (more would wait on sockets to DynamoDB Local, not on the bucket).
    const answers = await pMap(Array.from({ length: 400 }), () => takeToken(subject, 'reads', limit), { concurrency: 40 });
    const elapsedSeconds = (Date.now() - started) / 1000;
    const allowed = answers.filter((answer) => answer.allowed).length;
    // The burst (a minute's worth) and at most what refilled meanwhile: never a token twice.
    expect(allowed).toBeGreaterThanOrEqual(limit);
    expect(allowed).toBeLessThanOrEqual(limit + Math.ceil(elapsedSeconds * (limit / 60)) + 1);
    for (const answer of answers) if (!answer.allowed) expect(answer.retryAfterSeconds).toBe(1);
  });
});
