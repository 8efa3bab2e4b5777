import { describe, expect, it } from 'vitest';
import { plans } from '../../events/tenants/plans';
import { stateKeys } from '../../functions/store/keys';
import { utcDay } from '../../functions/tenants/quotas';
import { signedUp, uniqueEmail } from '../support/accounts';
import type { ApiClient } from '../support/api-client';
import { forgetCounter, onPlan, tenantItem, usedAlready } from '../support/tenants';
import { uploadPhoto } from '../support/upload-photo';

/**
 * A tenant's plan limits (issue 31), enforced on the server: active projects, photo storage and
 * PDF exports a day (seats: team.int.spec.ts). Over a limit the answer is 403 with the plan's
 * words naming it, and nothing changes; the counters move with the events (completing,
 * cancelling or deleting a project frees its place).
 */

const projectForm = (name: string) => ({ name, address: '1 Quota Road', clientName: 'Chris Owner', clientEmail: uniqueEmail('owner') });
const create = (api: ApiClient, name: string) => api.post('/api/projects', projectForm(name));
const names = async (api: ApiClient) => ((await api.get('/api/projects')).body as { name: string }[]).map((project) => project.name).sort();

async function starterContractor() {
  const contractor = await signedUp('contractor');
  await onPlan(contractor.user.id, 'starter');
  return contractor;
}

describe('active projects', () => {
  it('refuses the one past the plan with its words, counts completed, cancelled and deleted ones out, and a reopened one back in', async () => {
    const contractor = await starterContractor();
    const limit = plans.starter.activeProjects;
    const made: string[] = [];
    for (let n = 1; n <= limit; n++) {
      const answer = await create(contractor.api, `P${n}`);
      expect(answer.status).toBe(201);
      made.push(answer.body.id);
    }
    const over = await create(contractor.api, 'One too many');
    expect([over.status, over.body]).toEqual([403, { message: `Your plan allows ${limit} active projects`, fieldErrors: { activeProjects: [`Your plan allows ${limit} active projects`] } }]);
    expect(await names(contractor.api)).toEqual(made.map((_, at) => `P${at + 1}`));
    expect((await tenantItem(contractor.user.id))?.activeProjects).toBe(limit);

    // Completed: its place is free; taken again by a new project.
    expect((await contractor.api.request('PATCH', `/api/projects/${made[0]}`, { status: 'completed' })).status).toBe(200);
    expect((await tenantItem(contractor.user.id))?.activeProjects).toBe(limit - 1);
    expect((await create(contractor.api, 'P6')).status).toBe(201);

    // Reopening the completed one would pass the plan: refused, and it stays completed.
    const reopen = await contractor.api.request('PATCH', `/api/projects/${made[0]}`, { status: 'active' });
    expect([reopen.status, reopen.body.fieldErrors]).toEqual([403, { activeProjects: [`Your plan allows ${limit} active projects`] }]);
    expect((await contractor.api.get(`/api/projects/${made[0]}/checklist`)).body.project.status).toBe('completed');

    // A paused project still holds its place; a cancelled one (Edit Project) and a deleted one do not.
    expect((await contractor.api.request('PATCH', `/api/projects/${made[1]}`, { status: 'paused' })).status).toBe(200);
    expect((await create(contractor.api, 'Still full')).status).toBe(403);
    const project = (await contractor.api.get(`/api/projects/${made[2]}/checklist`)).body.project;
    expect((await contractor.api.put(`/api/projects/${made[2]}`, { name: project.name, address: project.address, clientName: project.clientName, clientEmail: project.clientEmail, status: 'cancelled' })).status).toBe(200);
    expect((await contractor.api.delete(`/api/projects/${made[3]}`)).status).toBe(200);
    expect((await tenantItem(contractor.user.id))?.activeProjects).toBe(limit - 2);
    expect((await contractor.api.request('PATCH', `/api/projects/${made[0]}`, { status: 'active' })).status).toBe(200);
    expect((await tenantItem(contractor.user.id))?.activeProjects).toBe(limit - 1);
  });

  it('lets only as many of a burst of creations through as the plan has places (the condition is in the transaction)', async () => {
    const contractor = await starterContractor();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => create(contractor.api, `Burst ${n}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(plans.starter.activeProjects);
    // The losers of the race get the plan's words (403), or at worst a conflict to retry (409): never a 5xx.
    expect(statuses.every((status) => status === 201 || status === 403 || status === 409)).toBe(true);
    expect(await names(contractor.api)).toHaveLength(plans.starter.activeProjects);
    expect((await tenantItem(contractor.user.id))?.activeProjects).toBe(plans.starter.activeProjects);
  });

  it('counts a tenant made before the counters by its projects, once', async () => {
    const contractor = await signedUp('contractor');
    expect((await create(contractor.api, 'First')).status).toBe(201);
    expect((await create(contractor.api, 'Second')).status).toBe(201);
    // As a record without the counter reads (made before issue 31's quotas): counted from the projects' index.
    await forgetCounter(contractor.user.id, 'activeProjects');
    expect((await create(contractor.api, 'Third')).status).toBe(201);
    expect((await tenantItem(contractor.user.id))?.activeProjects).toBe(3);
  });
});

describe('photo storage', () => {
  it('counts each published photo’s bytes and refuses one that would pass the plan, recording nothing', async () => {
    const contractor = await starterContractor();
    const projectId = (await create(contractor.api, 'Photos')).body.id as string;
    const first = await contractor.api.put('/api/objects/acl', { objectURL: await uploadPhoto(contractor.api), visibility: 'public', projectId });
    expect(first.status).toBe(200);
    const used = (await tenantItem(contractor.user.id))?.storageBytes as number;
    expect(used).toBeGreaterThan(0);

    const historyBefore = (await contractor.api.get(`/api/projects/${projectId}/history`)).body;
    await usedAlready(stateKeys.tenant(contractor.user.id), 'storageBytes', plans.starter.storageBytes - 10);
    const over = await contractor.api.put('/api/objects/acl', { objectURL: await uploadPhoto(contractor.api), visibility: 'public', projectId });
    expect([over.status, over.body]).toEqual([403, { message: 'Your plan allows 5 GB of photos', fieldErrors: { storageBytes: ['Your plan allows 5 GB of photos'] } }]);
    expect((await tenantItem(contractor.user.id))?.storageBytes).toBe(plans.starter.storageBytes - 10);
    // Nothing recorded for the refused photo.
    expect((await contractor.api.get(`/api/projects/${projectId}/history`)).body).toEqual(historyBefore);
  });
});

describe('PDF exports a day', () => {
  it('allows the plan’s exports of the UTC day to the project’s company, then refuses with its words', async () => {
    const contractor = await starterContractor();
    const projectId = (await create(contractor.api, 'Prints')).body.id as string;
    const today = stateKeys.tenantDailyExports(contractor.user.id, utcDay(new Date()));
    await usedAlready(today, 'pdfExports', plans.starter.pdfExportsPerDay - 1);
    // The PDF as the browser gets it: raw bytes, not JSON.
    const last = await fetch(`${contractor.api.baseUrl}/api/projects/${projectId}/export-pdf`, { method: 'POST', headers: { cookie: contractor.api.cookie! } });
    expect([last.status, last.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const over = await contractor.api.post(`/api/projects/${projectId}/export-pdf`);
    expect([over.status, over.body]).toEqual([403, { message: 'Your plan allows 20 PDF exports a day', fieldErrors: { pdfExportsPerDay: ['Your plan allows 20 PDF exports a day'] } }]);
  });
});
