import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROJECT_PAUSED_MESSAGE, TENANT_SUSPENDED_MESSAGE } from '../../events/tenants/messages';
import { resumeTenant, suspendTenant } from '../../functions/operator/tenant-actions';
import { accessibilityViolations, expectNoHorizontalOverflow, screenshot, settled, usePages } from '../support/browser';
import { newAccount, registerByApi } from '../support/browser-accounts';

/**
 * Issue 31 in real Chromium: while the service holds a company, its contractor sees one notice in
 * place of the app, with Sign out, and its project's client sees that the project is paused;
 * resumed, both see their pages again.
 */

const openPage = usePages();
const operator = { name: 'e2e' };

describe('a suspended company', () => {
  for (const view of [
    { name: 'desktop-light', width: 1280, colorScheme: 'light' as const },
    { name: 'phone-dark', width: 390, colorScheme: 'dark' as const },
  ]) {
    it(`shows its contractor the notice with Sign out, its client the paused project; resumed, both work again (${view.name})`, async () => {
      const contractor = await openPage({ width: view.width, height: 844, colorScheme: view.colorScheme });
      const client = await openPage({ width: view.width, height: 844, colorScheme: view.colorScheme });
      const contractorAccount = newAccount('contractor');
      const clientAccount = newAccount('client');
      await registerByApi(contractor, contractorAccount);
      await registerByApi(client, clientAccount, { joinChat: true });
      const project = await contractor.request.post('/api/projects', { data: { name: 'Linden Court', address: '2 Linden Court', clientName: 'Chris Owner', clientEmail: clientAccount.email } });
      expect(project.status()).toBe(201);
      const projectId = (await project.json()).id as string;
      const tenantId = ((await (await contractor.request.get('/api/auth/me')).json()) as { id: string }).id;

      await suspendTenant(tenantId, 'Invoice unpaid', operator, `e2e-${randomUUID()}`);

      await contractor.goto('/projects');
      await contractor.getByRole('heading', { name: 'Account suspended' }).waitFor();
      await contractor.getByText(TENANT_SUSPENDED_MESSAGE).waitFor();
      await settled(contractor);
      expect(await accessibilityViolations(contractor)).toEqual([]);
      await expectNoHorizontalOverflow(contractor);
      await screenshot(contractor, `tenant-suspended-${view.name}`);

      await client.goto(`/client-project/${projectId}`);
      await client.getByText(PROJECT_PAUSED_MESSAGE).waitFor();
      await settled(client);
      expect(await accessibilityViolations(client)).toEqual([]);
      await expectNoHorizontalOverflow(client);
      await screenshot(client, `project-paused-${view.name}`);

      // Sign out works for the suspended contractor.
      await contractor.getByRole('button', { name: 'Sign out' }).click();
      await contractor.waitForURL(/\/login/);

      await resumeTenant(tenantId, operator, `e2e-${randomUUID()}`);
      await client.goto(`/client-project/${projectId}`);
      await client.getByRole('heading', { name: 'Linden Court' }).first().waitFor();
      const signIn = await contractor.request.post('/api/auth/login', { data: { email: contractorAccount.email, password: contractorAccount.password } });
      expect(signIn.status()).toBe(200);
      await contractor.goto('/projects');
      await contractor.getByText('Linden Court').first().waitFor();
    });
  }
});
