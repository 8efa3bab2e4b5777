import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, settled, uniqueEmail, usePages, verifyEmailByMail, viewportName, viewports } from '../support/browser';

/**
 * Issue 16, "Copy": the headers show their whole title on a phone (no ellipsis), the app has a
 * favicon (served by the gateway from the build), and a room rename reads as one sentence in the
 * Action History.
 */

const openPage = usePages();

async function register(page: Page, role: 'contractor' | 'client', email = uniqueEmail(role)) {
  // The demo logins' names (infra/local/seed.ts): the contractor's is long enough to crowd a phone's header.
  const [firstName, lastName] = role === 'contractor' ? ['Dana', 'Contractor'] : ['Chris', 'Client'];
  const response = await page.request.post('/api/auth/register', { data: { firstName, lastName, email, role, password: 'first-password-1', confirmPassword: 'first-password-1' } });
  expect(response.status()).toBe(201);
  if (role === 'client') await verifyEmailByMail(page, email);
  // Joined the chat already: Join Project Chat does not open over the page.
  await page.request.put('/api/user-session', { data: { userType: role, userName: `${firstName} ${lastName}`, chatOpenedOnce: true } });
  return email;
}

/** Text cut by its box (an ellipsis, or lines clamped away): wider or taller inside than shown. */
const isCut = (element: Locator) => element.evaluate((node) => node.scrollWidth > node.clientWidth + 0.5 || node.scrollHeight > node.clientHeight + 0.5);

describe('copy', () => {
  describe.each(viewports.filter((viewport) => viewport.width === 390))('at $width×$height, $colorScheme', (viewport) => {
    it('shows the whole title in every header', async () => {
      const contractor = await openPage(viewport);
      const client = await openPage(viewport);
      const clientEmail = await register(client, 'client');
      await register(contractor, 'contractor');
      const project = await contractor.request.post('/api/projects', { data: { name: 'Birch Lane Renovation', address: '7 Birch Lane', clientName: 'Chris Owner', clientEmail } });
      const { id } = (await project.json()) as { id: string };

      await contractor.goto('/projects');
      const managerTitle = contractor.getByRole('banner').getByText('Project Manager', { exact: true });
      await managerTitle.waitFor();
      expect(await isCut(managerTitle)).toBe(false);
      await settled(contractor);
      await screenshot(contractor, `copy-projects-header-${viewportName(viewport)}`, { fullPage: false });

      await contractor.goto(`/project/${id}`);
      const productTitle = contractor.getByRole('banner').getByText('Construction Checklist', { exact: true });
      const projectTitle = contractor.getByRole('banner').getByText('Birch Lane Renovation', { exact: true });
      await projectTitle.waitFor();
      expect(await isCut(productTitle)).toBe(false);
      expect(await isCut(projectTitle)).toBe(false);
      await settled(contractor);
      await screenshot(contractor, `copy-checklist-header-${viewportName(viewport)}`, { fullPage: false });

      await client.goto('/client-dashboard');
      const clientTitle = client.getByRole('banner').getByText('Construction Checklist', { exact: true });
      await clientTitle.waitFor();
      expect(await isCut(clientTitle)).toBe(false);
      expect(await isCut(client.getByRole('banner').getByText('Welcome, Chris Client'))).toBe(false);
      await settled(client);
      await screenshot(client, `copy-client-header-${viewportName(viewport)}`, { fullPage: false });
    });
  });

  it('has a favicon, served from the build', async () => {
    const page = await openPage();
    await page.goto('/login');
    const href = await page.locator('head link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/favicon.svg');
    const icon = await page.request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg [^>]*viewBox="0 0 32 32"/);
    // It draws: the browser decodes it as a 32 × 32 picture.
    const size = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, href!);
    expect(size).toEqual([32, 32]);
  });

  it('words a room rename in the Action History as one sentence', async () => {
    const page = await openPage();
    await register(page, 'contractor');
    const project = await page.request.post('/api/projects', { data: { name: 'Oak Street Remodel', address: '3 Oak Street', clientName: 'Chris Owner' } });
    const { id } = (await project.json()) as { id: string };
    await page.goto(`/project/${id}`);
    const bedroom = page.getByRole('region', { name: 'Bedroom 1', exact: true });
    await bedroom.getByRole('button', { name: 'Rename Bedroom 1' }).click();
    const nameBox = bedroom.getByRole('textbox', { name: 'Room name' });
    await nameBox.fill('Primary Bedroom');
    await nameBox.press('Enter');
    await page.getByRole('region', { name: 'Primary Bedroom', exact: true }).waitFor();

    await page.getByRole('banner').getByRole('button', { name: /^History/ }).click();
    const newest = page.getByRole('dialog', { name: 'Action History' }).getByTestId('history-entry').first();
    await expect.poll(() => newest.locator('p').first().textContent()).toBe('Renamed Bedroom 1 to Primary Bedroom');
    await settled(page);
    await screenshot(page, 'copy-history-rename-1280x800-light', { fullPage: false });
  });
});
