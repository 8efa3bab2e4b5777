import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts';
import { send } from '../support/api-client';
import { runScript } from '../support/run-script';

/**
 * The operator API (issue 31): its own paths, answered only with the operator key (IAM in AWS),
 * never with a product session; hostile input is a 4xx naming the field and changes nothing.
 */

const base = inject('localCloud').url;
const operatorKey = () => inject('localCloud').env.LOCAL_OPERATOR_KEY!;

async function operator(method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${operatorKey()}` }) {
  const response = await send(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: response.text ? JSON.parse(response.text) : undefined };
}

const paths = (id: string) => [
  ['GET', '/operator/tenants'],
  ['GET', `/operator/tenants/${id}`],
  ['POST', `/operator/tenants/${id}/suspend`, { reason: 'r' }],
  ['POST', `/operator/tenants/${id}/resume`, {}],
  ['POST', `/operator/tenants/${id}/plan`, { plan: 'starter' }],
  ['POST', `/operator/tenants/${id}/offboard`, {}],
  ['POST', '/operator/sweep', {}],
  ['GET', '/operator/costs?month=2026-11'],
] as const;

describe('the operator API', () => {
  it('answers no one without the operator key: not a product session, not a wrong key; and nothing changes', async () => {
    const contractor = await signedUp('contractor');
    const id = contractor.user.id;
    for (const [method, path, body] of paths(id)) {
      // A contractor's session cookie is not an operator's credential.
      expect((await operator(method, path, body, { cookie: contractor.api.cookie! })).status, `${method} ${path} with a session`).toBe(403);
      expect((await operator(method, path, body, { authorization: 'Bearer not-the-key' })).status, `${method} ${path} with a wrong key`).toBe(403);
      expect((await operator(method, path, body, { authorization: `Bearer ${operatorKey()}x`, cookie: contractor.api.cookie! })).status).toBe(403);
    }
    const tenant = await operator('GET', `/operator/tenants/${id}`);
    expect(tenant.body).toMatchObject({ tenantId: id, status: 'active', plan: 'standard' });
    expect((await contractor.api.get('/api/projects')).status).toBe(200);
  });

  it('is not part of the product API: /api/operator/… matches no route, whoever asks', async () => {
    const contractor = await signedUp('contractor');
    for (const path of ['/api/operator/tenants', `/api/operator/tenants/${contractor.user.id}`]) {
      expect((await contractor.api.get(path)).status).toBe(404);
      expect((await operator('GET', path)).status).toBe(404);
    }
  });

  it('refuses hostile input with 4xx naming the field, and changes nothing', async () => {
    const contractor = await signedUp('contractor');
    const id = contractor.user.id;
    const bad = await operator('GET', '/operator/tenants/not-a-tenant');
    expect([bad.status, bad.body.fieldErrors]).toEqual([400, { id: [expect.any(String)] }]);
    expect((await operator('GET', `/operator/tenants/${'x'.repeat(5000)}`)).status).toBe(400);
    expect((await operator('GET', `/operator/tenants/${randomUUID()}`)).status).toBe(404);
    expect((await operator('POST', `/operator/tenants/${randomUUID()}/suspend`, { reason: 'r' })).status).toBe(404);
    const noReason = await operator('POST', `/operator/tenants/${id}/suspend`, {});
    expect([noReason.status, noReason.body.fieldErrors]).toEqual([400, { reason: ['Say why the tenant is suspended'] }]);
    const blank = await operator('POST', `/operator/tenants/${id}/suspend`, { reason: '   ' });
    expect([blank.status, blank.body.fieldErrors]).toEqual([400, { reason: ['Say why the tenant is suspended'] }]);
    const long = await operator('POST', `/operator/tenants/${id}/suspend`, { reason: 'x'.repeat(501) });
    expect([long.status, long.body.fieldErrors]).toEqual([400, { reason: [expect.stringContaining('500')] }]);
    const plan = await operator('POST', `/operator/tenants/${id}/plan`, { plan: 'platinum' });
    expect([plan.status, plan.body.fieldErrors]).toEqual([400, { plan: ['Plan must be one of starter, standard, enterprise'] }]);
    expect((await operator('POST', `/operator/tenants/${id}/plan`, { plan: ['standard'] })).status).toBe(400);
    const json = await operator('POST', `/operator/tenants/${id}/suspend`, '{"reason":');
    expect([json.status, json.body.fieldErrors]).toEqual([400, { body: ['Request body is not valid JSON'] }]);
    expect((await operator('POST', `/operator/tenants/${id}/suspend`, '[1]')).status).toBe(400);
    expect((await operator('GET', '/operator/tenants?month=2026-13')).status).toBe(400);
    const month = await operator('GET', '/operator/costs?month=November');
    expect([month.status, Object.keys(month.body.fieldErrors)]).toEqual([400, ['month']]);
    const bill = await operator('GET', '/operator/costs?month=2026-11&bill=lots');
    expect([bill.status, Object.keys(bill.body.fieldErrors)]).toEqual([400, ['bill']]);
    expect((await operator('GET', '/operator/nothing-here')).status).toBe(404);
    expect((await operator('DELETE', `/operator/tenants/${id}`)).status).toBe(404);
    // Nothing of that changed the tenant.
    expect((await operator('GET', `/operator/tenants/${id}`)).body).toMatchObject({ status: 'active', plan: 'standard' });
    expect((await contractor.api.get('/api/projects')).status).toBe(200);
  });

  it('answers the CLI: list, show, plan and resume with --json (id, name, status, plan, usage); a refusal exits 1 with its message', async () => {
    const contractor = await signedUp('contractor', { companyName: 'Juniper Joinery' });
    const id = contractor.user.id;
    const listed = await runScript('tenant', ['list', '--json']);
    expect(listed.code).toBe(0);
    const tenants = JSON.parse(listed.out.slice(listed.out.indexOf('['))) as { id: string }[];
    expect(tenants.find((tenant) => tenant.id === id)).toMatchObject({ id, name: 'Juniper Joinery', status: 'active', plan: 'standard', usage: { activeProjects: 0, seats: 1 } });

    const planned = await runScript('tenant', ['plan', id, 'enterprise', '--json']);
    expect(planned.code).toBe(0);
    expect(JSON.parse(planned.out.slice(planned.out.indexOf('{')))).toMatchObject({ id, plan: 'enterprise', quotas: { activeProjects: 1000 } });

    const shown = await runScript('tenant', ['show', id]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(id);
    expect(shown.out).toContain('Juniper Joinery');
    expect(shown.out).toMatch(/active\s+enterprise/);

    const refused = await runScript('tenant', ['resume', id]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Refused (409): This tenant is not suspended');
    expect((await runScript('tenant', ['suspend', id])).code).toBe(2);

    // The month's cost per tenant (RL's report), through the same API.
    const month = new Date().toISOString().slice(0, 7);
    const costs = await runScript('tenant', ['costs', '--month', month, '--json']);
    expect(costs.code).toBe(0);
    expect(JSON.parse(costs.out.slice(costs.out.indexOf('{')))).toMatchObject({ month, tenants: expect.any(Array), total: expect.any(Number) });
  });
});


describe("the operator function's daily schedule", () => {
  it('answers an EventBridge schedule with the sweep, then prices the month for the dashboard, without an HTTP request', async () => {
    const { handler } = await import('../../functions/handlers/operator-api');
    const { addUsage, usageMonth } = await import('../../functions/usage/usage-counters');
    // A tenant with usage this month: the cost report over every tenant runs after the sweep (its TenantCost metrics are
    // EMF lines, off in the local cloud); a failure of either fails the scheduled run, which CloudWatch alarms on.
    await addUsage(`tenant-${randomUUID()}`, usageMonth(), { requests: 1000 });
    const answer = await handler({ 'detail-type': 'Scheduled Event', source: 'aws.events' } as never, { awsRequestId: randomUUID() } as never);
    expect(answer).toEqual({ removed: expect.any(Number) });
  });
});
