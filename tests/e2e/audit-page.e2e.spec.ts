import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AuditExport } from '../../contract/audit';
import { verifyAuditRecord } from '../../events/audit-verification';
import { accessibilityViolations, expectNoHorizontalOverflow, screenshot, settled, uniqueEmail, usePages, viewportName, viewports } from '../support/browser';
import { newAccount, registerByApi } from '../support/browser-accounts';

/**
 * A project's Audit page (issue 15), in real Chromium against the local cloud: both people's
 * changes newest first, the filters, the verification, and the audit export downloaded from it
 * and verified against the published keys.
 */

const openPage = usePages();

async function register(page: Page, role: 'contractor' | 'client', [firstName, lastName]: [string, string]): Promise<string> {
  const account = newAccount(role, { firstName, lastName, email: uniqueEmail(`audit-${role}`) });
  await registerByApi(page, account);
  return account.email;
}

const ok = async (answer: Promise<{ status(): number; json(): Promise<any> }>) => {
  const response = await answer;
  expect(response.status()).toBeLessThan(300);
  return response.json();
};

describe('the Audit page', () => {
  it('lists both people’s changes newest first, filters them, says the record verifies, and exports a file that verifies offline', async () => {
    const contractor = await openPage();
    const client = await openPage();
    const clientEmail = await register(client, 'client', ['Chris', 'Owner']);
    await register(contractor, 'contractor', ['Casey', 'Builder']);
    const project = await ok(contractor.request.post('/api/projects', { data: { name: 'Willow Court Remodel', address: '4 Willow Court', clientName: 'Chris Owner', clientEmail } }));
    const rooms = await ok(contractor.request.get(`/api/projects/${project.id}/rooms`));
    const kitchen = rooms.find((room: { name: string }) => room.name === 'Kitchen');
    const items = await ok(contractor.request.get(`/api/rooms/${kitchen.id}/items`));
    const countertops = items.find((item: { name: string }) => item.name === 'Countertops');
    await ok(contractor.request.patch(`/api/checklist-items/${countertops.id}`, { data: { contractorCompleted: true, details: 'Quartz, eased edge' } }));
    await ok(client.request.patch(`/api/checklist-items/${countertops.id}`, { data: { clientCompleted: true } }));
    await ok(client.request.post('/api/chat', { data: { projectId: project.id, message: 'Love the quartz!' } }));

    await contractor.goto(`/project/${project.id}/audit`);
    await contractor.getByRole('heading', { name: 'Audit trail' }).waitFor();
    await contractor.getByText('Record verified').waitFor();
    const entries = contractor.getByTestId('audit-entry');
    await entries.first().waitFor();
    const [newest, installed] = await entries.allTextContents();
    expect(newest).toContain('Chat');
    expect(newest).toContain('Chris Owner(Client)');
    expect(newest).toContain('Love the quartz!');
    expect(installed).toContain('Kitchen › Countertops');
    expect(installed).toContain('Installed: from No to Yes');

    // Only the client's changes.
    await contractor.getByLabel('Person', { exact: true }).selectOption({ label: 'Chris Owner (Client)' });
    await expect.poll(() => contractor.url()).toContain('person=');
    await expect.poll(async () => (await entries.allTextContents()).every((text) => text.includes('Chris Owner(Client)'))).toBe(true);
    // Only the countertops: the client's change to them.
    await contractor.getByLabel('Room', { exact: true }).selectOption({ label: 'Kitchen' });
    await contractor.getByLabel('Item', { exact: true }).selectOption({ label: 'Countertops' });
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('Installed: from No to Yes');
    // A day before the project: nothing, and a way back.
    await contractor.getByLabel('To', { exact: true }).fill('2020-01-01');
    await contractor.getByText('No changes match these filters').waitFor();
    await contractor.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => entries.count()).toBeGreaterThan(40);

    // Export: the file the browser saves verifies against the keys the app publishes.
    const [download] = await Promise.all([contractor.waitForEvent('download'), contractor.getByRole('link', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^audit-${project.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as AuditExport;
    expect(exported.projectId).toBe(project.id);
    const keys = await ok(contractor.request.get('/api/audit/keys'));
    const verification = await verifyAuditRecord(exported, keys);
    expect(verification.failures).toEqual([]);
    expect(verification.events).toBeGreaterThan(40);

    // The client reaches the same page, with the export recorded as a checkpoint now.
    await client.goto(`/project/${project.id}/audit`);
    await client.getByText('Record verified').waitFor();
    expect(await client.getByTestId('audit-verification').textContent()).toContain('the signed checkpoint still holds');
    await client.getByRole('link', { name: 'Back to checklist' }).click();
    await expect.poll(() => client.url()).toContain(`/client-project/${project.id}`);

    // Desktop and phone, light and dark: it fits, axe finds nothing.
    const cookies = await contractor.context().cookies();
    for (const viewport of viewports) {
      const page = await openPage(viewport);
      await page.context().addCookies(cookies);
      await page.goto(`/project/${project.id}/audit`);
      await page.getByTestId('audit-entry').first().waitFor();
      await settled(page);
      await expectNoHorizontalOverflow(page);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `audit-page-${viewportName(viewport)}`, { fullPage: false });
    }

    // Someone else's project: the page says it could not load it, and shows nothing of it.
    const stranger = await openPage();
    await register(stranger, 'contractor', ['Sam', 'Other']);
    await stranger.goto(`/project/${project.id}/audit`);
    await stranger.getByText(/Could not load the audit trail/).waitFor();
    expect(await stranger.content()).not.toContain('Willow Court');
  });
});
