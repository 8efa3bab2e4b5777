import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalOverflow, screenshot, settled, uniqueEmail, usePages, viewportName, viewports } from '../support/browser';
import { newAccount, registerByApi } from '../support/browser-accounts';

/** The contractor projects screen and the client dashboard in real Chromium against the local cloud (issue 5). */

const openPage = usePages();

interface ProjectBody {
  name: string;
  address: string;
  clientName: string;
  clientEmail?: string;
  clientPhone?: string;
  status?: 'active' | 'paused' | 'completed' | 'cancelled';
  contractorNotes?: string;
  startDate?: string;
}

/** Creates a project through the API as the page's (contractor) user. */
async function createByApi(page: Page, body: ProjectBody): Promise<{ id: string }> {
  const response = await page.request.post('/api/projects', { data: body });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

interface ListedProject {
  id: string;
  name: string;
  startDate: string | null;
}

async function listByApi(page: Page): Promise<ListedProject[]> {
  const response = await page.request.get('/api/projects/with-stats');
  expect(response.status()).toBe(200);
  return (await response.json()) as ListedProject[];
}

const seeText = (scope: Page | Locator, text: string) => scope.getByText(text, { exact: true }).first().waitFor();
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const dt = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`);
const summaryValue = (page: Page, label: string) => page.locator(`[data-summary="${label}"] dd`).textContent();

/** The four summary cards, waited for (they follow the list refresh after a change). */
async function expectSummary(page: Page, expected: { total: number; active: number; completed: number; clients: number }) {
  await expect
    .poll(async () => ({
      total: Number(await summaryValue(page, 'Total Projects')),
      active: Number(await summaryValue(page, 'Active Projects')),
      completed: Number(await summaryValue(page, 'Completed')),
      clients: Number(await summaryValue(page, 'Total Clients')),
    }))
    .toEqual(expected);
}

/** The Overall Progress bar of a card, as a user sees it: the percentage and the bar's colour. */
async function progressOf(scope: Locator) {
  const bar = scope.getByRole('progressbar', { name: 'Overall Progress' });
  return { value: await bar.getAttribute('aria-valuenow'), tone: await bar.getAttribute('data-tone') };
}

/** Spec sections 2 and 9: 90 and up green, 70 and up blue, 50 and up yellow, otherwise grey. */
const expectedTone = (percent: number) => (percent >= 90 ? 'green' : percent >= 70 ? 'blue' : percent >= 50 ? 'yellow' : 'grey');

async function openMenuItem(scope: Locator, item: 'View Details' | 'Edit Project' | 'Delete Project') {
  await scope.getByRole('button', { name: 'Project actions' }).click();
  await scope.page().getByRole('menuitem', { name: item }).click();
}

describe('contractor projects and client dashboard in the browser', () => {
  it('creates, shows, edits and deletes projects, and the assigned client sees theirs', async () => {
    const page = await openPage();
    await registerByApi(page, newAccount('contractor'));
    await page.goto('/');

    // Empty state.
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    await expectSummary(page, { total: 0, active: 0, completed: 0, clients: 0 });

    // New Project: the required fields and the e-mail are checked in the dialog.
    await page.getByRole('button', { name: 'Create Your First Project' }).click();
    const newDialog = page.getByRole('dialog', { name: 'New Project' });
    await newDialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('project-name');
    await newDialog.getByRole('button', { name: 'Create Project' }).click();
    await newDialog.locator('#project-name-error').getByText('Project name is required').waitFor();
    await newDialog.locator('#project-address-error').getByText('Project address is required').waitFor();
    await newDialog.locator('#project-client-name-error').getByText('Client name is required').waitFor();
    expect(await newDialog.getByLabel('Project Name').getAttribute('aria-invalid')).toBe('true');

    const clientEmail = uniqueEmail('owner');
    await newDialog.getByLabel('Project Name').fill('Maple Street Remodel');
    await newDialog.getByLabel('Client Name').fill('Chris Owner');
    await newDialog.getByLabel('Project Address').fill('12 Maple Street, Springfield');
    await newDialog.getByLabel('Client Email').fill('not-an-email');
    await newDialog.getByLabel('Client Phone').fill('555-0142');
    await newDialog.getByLabel('Contractor Notes').fill('Gate code 4411');
    expect(await newDialog.getByLabel('Client Email').getAttribute('type')).toBe('email');
    expect(await newDialog.getByLabel('Status').inputValue()).toBe('active');
    await newDialog.getByRole('button', { name: 'Create Project' }).click();
    await newDialog.locator('#project-client-email-error').getByText('Invalid email address').waitFor();
    await newDialog.getByLabel('Client Email').fill(clientEmail);
    await newDialog.getByRole('button', { name: 'Create Project' }).click();
    await newDialog.waitFor({ state: 'hidden' });

    // The card.
    const maple = card(page, 'Maple Street Remodel');
    await maple.waitFor();
    await seeText(maple, 'Active');
    await seeText(maple, 'Chris Owner');
    await seeText(maple, clientEmail);
    await seeText(maple, '555-0142');
    await seeText(maple, '12 Maple Street, Springfield');
    await seeText(maple, 'Overall Progress');
    await seeText(maple, '0%');
    expect(await progressOf(maple)).toEqual({ value: '0', tone: 'grey' });
    expect(await dt(maple, 'Total Rooms').textContent()).toBe('8');
    expect(await dt(maple, 'Completed').textContent()).toBe('0');
    const [created] = await listByApi(page);
    expect(created?.name).toBe('Maple Street Remodel');
    const projectId = created!.id;
    expect(await maple.getByRole('link', { name: 'View Project' }).getAttribute('href')).toBe(`/project/${projectId}`);
    await expectSummary(page, { total: 1, active: 1, completed: 0, clients: 1 });

    // View Details shows every field, the contractor notes included.
    await openMenuItem(maple, 'View Details');
    const details = page.getByRole('dialog', { name: 'Project Details' });
    await details.waitFor();
    await seeText(details, 'Gate code 4411');
    await seeText(details, clientEmail);
    await seeText(details, '555-0142');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });
    // Focus goes back to the card's menu button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Project actions');

    // A start date set elsewhere (no field in the form) survives an edit in the dialog.
    const put = await page.request.put(`/api/projects/${projectId}`, {
      data: { name: 'Maple Street Remodel', address: '12 Maple Street, Springfield', clientName: 'Chris Owner', clientEmail, clientPhone: '555-0142', status: 'active', contractorNotes: 'Gate code 4411', startDate: '2026-01-05' },
    });
    expect(put.status()).toBe(200);
    await page.reload();

    // Edit Project, reached with the keyboard: a blank name is refused in the dialog, then saved.
    await card(page, 'Maple Street Remodel').getByRole('button', { name: 'Project actions' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(focused).toBe('View Details');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Edit Project');
    await page.keyboard.press('Enter');
    const editDialog = page.getByRole('dialog', { name: 'Edit Project' });
    await editDialog.waitFor();
    expect(await editDialog.getByLabel('Project Name').inputValue()).toBe('Maple Street Remodel');
    expect(await editDialog.getByLabel('Client Email').inputValue()).toBe(clientEmail);
    expect(await editDialog.getByLabel('Contractor Notes').inputValue()).toBe('Gate code 4411');
    await editDialog.getByLabel('Project Name').fill('   ');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await editDialog.locator('#project-name-error').getByText('Project name is required').waitFor();
    expect(await editDialog.isVisible()).toBe(true);
    await editDialog.getByLabel('Project Name').fill('Maple Street Kitchen');
    await editDialog.getByLabel('Status').selectOption('completed');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await editDialog.waitFor({ state: 'hidden' });

    const kitchen = card(page, 'Maple Street Kitchen');
    await kitchen.waitFor();
    await seeText(kitchen, 'Completed');
    await expectSummary(page, { total: 1, active: 0, completed: 1, clients: 1 });
    expect((await listByApi(page))[0]?.startDate).toBe('2026-01-05');

    // A second project for the same client name: still one client.
    await page.getByRole('button', { name: 'New Project' }).click();
    const second = page.getByRole('dialog', { name: 'New Project' });
    await second.getByLabel('Project Name').fill('Maple Street Garage');
    await second.getByLabel('Client Name').fill('Chris Owner');
    await second.getByLabel('Project Address').fill('12 Maple Street (garage)');
    await second.getByRole('button', { name: 'Create Project' }).click();
    await second.waitFor({ state: 'hidden' });
    const garage = card(page, 'Maple Street Garage');
    await garage.waitFor();
    // No e-mail or phone given: none shown.
    expect(await garage.getByRole('link', { name: /@/ }).count()).toBe(0);
    await expectSummary(page, { total: 2, active: 1, completed: 1, clients: 1 });

    // Delete asks first; Cancel keeps the project.
    await openMenuItem(garage, 'Delete Project');
    const confirm = page.getByRole('alertdialog');
    await seeText(confirm, 'Are you sure you want to delete this project? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await openMenuItem(garage, 'Delete Project');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await garage.waitFor({ state: 'detached' });
    await expectSummary(page, { total: 1, active: 0, completed: 1, clients: 1 });
    expect((await listByApi(page)).map((project) => project.name)).toEqual(['Maple Street Kitchen']);

    // The client who signs up with the project's e-mail (any case) sees exactly that project.
    const clientPage = await openPage();
    await registerByApi(clientPage, newAccount('client', { email: clientEmail.toUpperCase() }));
    await clientPage.goto('/');
    await clientPage.getByRole('heading', { name: 'Your Projects', level: 1 }).waitFor();
    const assigned = card(clientPage, 'Maple Street Kitchen');
    await assigned.waitFor();
    expect(await clientPage.getByRole('article').count()).toBe(1);
    await seeText(assigned, 'Completed');
    await seeText(assigned, '12 Maple Street, Springfield');
    await seeText(assigned, 'Started Jan 5, 2026');
    await seeText(assigned, 'Overall Progress');
    await seeText(assigned, '0%');
    expect(await progressOf(assigned)).toEqual({ value: '0', tone: 'grey' });
    expect(await assigned.getByRole('link', { name: 'View Project Details' }).getAttribute('href')).toBe(`/client-project/${projectId}`);

    // And the contractors' page is not theirs.
    await clientPage.goto('/projects');
    await clientPage.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await seeText(clientPage, 'This page is only accessible to contractors. You can only view individual projects you have been assigned to.');
  });

  it('tells a client without projects that none is assigned', async () => {
    const page = await openPage();
    await registerByApi(page, newAccount('client'));
    await page.goto('/client-dashboard');
    await page.getByRole('heading', { name: 'No Projects Assigned' }).waitFor();
    await seeText(page, "You don't have any projects assigned to you yet. Contact your contractor to get access to your project.");
    expect(await page.getByRole('article').count()).toBe(0);
  });

  it('shows a spinner while loading and a readable error with a retry when the list fails', async () => {
    const page = await openPage();
    await registerByApi(page, newAccount('contractor'));
    await createByApi(page, { name: 'Retry Cottage', address: '9 Retry Row', clientName: 'Robin Client' });

    // The first read answers late, then fails; the second goes through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/projects/with-stats', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error' }) });
    }, { times: 1 });
    await page.goto('/projects');
    await page.getByRole('status', { name: 'Loading projects' }).waitFor();
    release();
    const alert = page.getByRole('alert');
    await alert.getByText(/Could not load your projects/).waitFor();
    await alert.getByText(/Internal server error/).waitFor();
    await screenshot(page, 'projects-load-error-1280x800-light');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await card(page, 'Retry Cottage').waitFor();
    await expectSummary(page, { total: 1, active: 1, completed: 0, clients: 1 });
  });

  it('colours the progress bar at 50, 70 and 90 percent as both users complete items', async () => {
    const contractor = await openPage();
    const client = await openPage();
    const clientAccount = newAccount('client');
    await registerByApi(contractor, newAccount('contractor'));
    await registerByApi(client, clientAccount);
    const { id } = await createByApi(contractor, { name: 'Progress House', address: '1 Progress Way', clientName: 'Chris Owner', clientEmail: clientAccount.email });

    const rooms = (await (await contractor.request.get(`/api/projects/${id}/rooms`)).json()) as { id: string }[];
    const itemIds: string[] = [];
    for (const room of rooms) {
      const items = (await (await contractor.request.get(`/api/rooms/${room.id}/items`)).json()) as { id: string }[];
      itemIds.push(...items.map((item) => item.id));
    }
    const total = itemIds.length;
    expect(total).toBeGreaterThan(10);

    /** PATCHes the items a few at a time (each item is its own stream, so they do not contend). */
    const patchAll = async (page: Page, ids: string[], data: Record<string, boolean>) => {
      for (let start = 0; start < ids.length; start += 6) {
        const answers = await Promise.all(ids.slice(start, start + 6).map((itemId) => page.request.patch(`/api/checklist-items/${itemId}`, { data })));
        expect(answers.map((answer) => answer.status())).toEqual(answers.map(() => 200));
      }
    };
    // Selected and Purchased by the contractor; an item is complete once the client marks it Installed.
    await patchAll(contractor, itemIds, { contractorCompleted: true, purchasesMade: true });

    const percentOf = (done: number) => Math.round((done / total) * 100);
    const firstReaching = (threshold: number) => {
      let done = 0;
      while (percentOf(done) < threshold) done++;
      return done;
    };
    // Just under and at each threshold, and everything.
    const steps = [...new Set([50, 70, 90].flatMap((threshold) => [firstReaching(threshold) - 1, firstReaching(threshold)]).concat(total))].sort((a, b) => a - b);

    await contractor.goto('/');
    const bar = card(contractor, 'Progress House');
    await bar.waitFor();
    expect(await progressOf(bar)).toEqual({ value: '0', tone: 'grey' });

    let installed = 0;
    for (const done of steps) {
      await patchAll(client, itemIds.slice(installed, done), { clientCompleted: true });
      installed = done;
      const percent = percentOf(done);
      await expect
        .poll(async () => {
          await contractor.reload();
          await bar.waitFor();
          return progressOf(bar);
        })
        .toEqual({ value: String(percent), tone: expectedTone(percent) });
      await seeText(bar, `${percent}%`);
      if (expectedTone(percent) === 'yellow' && expectedTone(percentOf(done + 1)) === 'yellow') await screenshot(contractor, 'projects-progress-yellow-1280x800-light');
    }
    expect(await progressOf(bar)).toEqual({ value: '100', tone: 'green' });
    expect(Number(await dt(bar, 'Completed').textContent())).toBe(Number(await dt(bar, 'Total Rooms').textContent()));
    await screenshot(contractor, 'projects-progress-green-1280x800-light');

    // The client's dashboard shows the same bar from its fraction.
    await client.goto('/');
    const clientCard = card(client, 'Progress House');
    await clientCard.waitFor();
    expect(await progressOf(clientCard)).toEqual({ value: '100', tone: 'green' });
    await seeText(clientCard, '100%');
    await screenshot(client, 'client-dashboard-progress-green-1280x800-light');
  });

  describe.each(viewports)('screens at $width×$height, $colorScheme', (viewport) => {
    const suffix = viewportName(viewport);

    it('lay out the empty states, the cards and the dialogs without overflow', async () => {
      const contractor = await openPage(viewport);
      const client = await openPage(viewport);
      const clientAccount = newAccount('client', { firstName: 'Bartholomew', lastName: 'Montgomery-Fairweather' });
      await registerByApi(contractor, newAccount('contractor'));
      await registerByApi(client, clientAccount);

      await contractor.goto('/');
      await contractor.getByRole('heading', { name: 'No projects yet' }).waitFor();
      await expectNoHorizontalOverflow(contractor);
      await screenshot(contractor, `projects-empty-${suffix}`);

      await client.goto('/');
      await client.getByRole('heading', { name: 'No Projects Assigned' }).waitFor();
      await expectNoHorizontalOverflow(client);
      await screenshot(client, `client-dashboard-empty-${suffix}`);

      await createByApi(contractor, {
        name: 'Maple Street Remodel',
        address: '12 Maple Street, Springfield',
        clientName: clientAccount.firstName,
        clientEmail: clientAccount.email,
        clientPhone: '555-0142',
        contractorNotes: 'Gate code 4411. Dog in the back yard; please keep the side gate closed.',
        startDate: '2026-01-05',
      });
      await createByApi(contractor, {
        name: 'A very long project name for the complete renovation of the Montgomery-Fairweather family residence',
        address: '1234 Extraordinarily Long Boulevard Name, Apartment 5678, Some Faraway Town 99999',
        clientName: 'Bartholomew Montgomery-Fairweather',
        clientEmail: `bartholomew.montgomery-fairweather.${Date.now().toString(36)}@a-rather-long-domain-name.example.com`,
        status: 'paused',
      });
      await createByApi(contractor, { name: 'Oak Lane Bathroom', address: '7 Oak Lane', clientName: 'Dana Client', status: 'completed', clientEmail: clientAccount.email });
      await createByApi(contractor, { name: 'Pine Road Deck', address: '3 Pine Road', clientName: 'Dana Client', status: 'cancelled', clientPhone: '+1 (555) 010-9999' });

      await contractor.reload();
      await card(contractor, 'Pine Road Deck').waitFor();
      await expectSummary(contractor, { total: 4, active: 1, completed: 1, clients: 3 });
      await expectNoHorizontalOverflow(contractor);
      await screenshot(contractor, `projects-cards-${suffix}`);

      await contractor.getByRole('button', { name: 'New Project' }).click();
      const dialog = contractor.getByRole('dialog', { name: 'New Project' });
      await dialog.waitFor();
      await settled(contractor);
      await expectNoHorizontalOverflow(contractor);
      // Not full page: the dialog is fixed to the viewport.
      await screenshot(contractor, `project-new-dialog-${suffix}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Create Project' }).click();
      await seeText(dialog, 'Client name is required');
      await screenshot(contractor, `project-new-dialog-errors-${suffix}`, { fullPage: false });
      await contractor.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      const maple = card(contractor, 'Maple Street Remodel');
      await maple.getByRole('button', { name: 'Project actions' }).click();
      await contractor.getByRole('menu').waitFor();
      await settled(contractor);
      await screenshot(contractor, `project-menu-${suffix}`, { fullPage: false });
      await contractor.getByRole('menuitem', { name: 'View Details' }).click();
      await contractor.getByRole('dialog', { name: 'Project Details' }).waitFor();
      await settled(contractor);
      await screenshot(contractor, `project-details-dialog-${suffix}`, { fullPage: false });
      await contractor.keyboard.press('Escape');

      await openMenuItem(maple, 'Delete Project');
      await contractor.getByRole('alertdialog').waitFor();
      await settled(contractor);
      await screenshot(contractor, `project-delete-dialog-${suffix}`, { fullPage: false });
      await contractor.keyboard.press('Escape');

      await client.reload();
      await card(client, 'Oak Lane Bathroom').waitFor();
      expect(await client.getByRole('article').count()).toBe(2);
      await seeText(card(client, 'Maple Street Remodel'), 'Started Jan 5, 2026');
      await expectNoHorizontalOverflow(client);
      await screenshot(client, `client-dashboard-cards-${suffix}`);
    });
  });
});
