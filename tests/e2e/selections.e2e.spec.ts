import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Budget, Decision, ProjectChecklist } from '../../contract/projects';
import { daysBefore, utcDay } from '../../events/projects/decisions';
import { runScript } from '../support/run-script';
import { accessibilityViolations, colourSchemeViolations, mailTo, otherScheme, screenshot, settled, tick, uniqueEmail, usePages, verifyEmailByMail } from '../support/browser';

/**
 * Issue 18 on the checklist in real Chromium: the client approves and declines from an item card,
 * a change by the contractor clears the approval on the client's open page, live; the Decisions due
 * panel and the budget summary; the project's dates; the digest's unsubscribe page.
 */

const openPage = usePages();
const today = utcDay(new Date());
const inDays = (days: number) => daysBefore(today, -days);

async function register(page: Page, role: 'contractor' | 'client', email = uniqueEmail(role)) {
  const [firstName, lastName] = role === 'contractor' ? ['Casey', 'Builder'] : ['Chris', 'Owner'];
  const response = await page.request.post('/api/auth/register', { data: { firstName, lastName, email, role, password: 'first-password-1', confirmPassword: 'first-password-1' } });
  expect(response.status()).toBe(201);
  if (role === 'client') await verifyEmailByMail(page, email);
  expect((await page.request.put('/api/user-session', { data: { userType: role, userName: `${firstName} ${lastName}`, chatOpenedOnce: true } })).status()).toBe(200);
  return email;
}

type Size = { width?: number; height?: number; colorScheme?: 'light' | 'dark' };

/** A contractor and a client on one new project with dates; its items by name. */
async function projectForTwo(size: Size = {}) {
  const contractor = await openPage(size);
  const client = await openPage(size);
  const clientEmail = await register(client, 'client');
  await register(contractor, 'contractor');
  const created = await contractor.request.post('/api/projects', {
    data: { name: 'Birch Lane Renovation', address: '7 Birch Lane', clientName: 'Chris Owner', clientEmail, startDate: inDays(-30), targetCompletionDate: inDays(60) },
  });
  expect(created.status()).toBe(201);
  const { id: projectId } = (await created.json()) as { id: string };
  const checklist = (await (await contractor.request.get(`/api/projects/${projectId}/checklist`)).json()) as ProjectChecklist;
  const kitchen = checklist.rooms.find((room) => room.type === 'kitchen')!;
  const itemId = (name: string) => kitchen.items.find((item) => item.name === name)!.id;
  return { contractor, client, clientEmail, projectId, itemId };
}

const patch = async (page: Page, itemId: string, data: Record<string, unknown>) => expect((await page.request.patch(`/api/checklist-items/${itemId}`, { data })).status()).toBe(200);
const kitchen = (page: Page) => page.getByRole('region', { name: 'Kitchen', exact: true });
const card = (page: Page, name: string) => kitchen(page).getByRole('article', { name, exact: true });

async function openChecklist(page: Page, role: 'contractor' | 'client', projectId: string) {
  await page.goto(role === 'contractor' ? `/project/${projectId}` : `/client-project/${projectId}`);
  await kitchen(page).getByRole('article', { name: 'Countertops', exact: true }).waitFor();
}

/** Every card drawn (they skip drawing off screen), then the whole page. */
async function pageShot(page: Page, name: string) {
  await page.addStyleTag({ content: '.item-card { content-visibility: visible !important; }' });
  await settled(page);
  await screenshot(page, name);
}

/** The page in its scheme, then in the other one (checked by axe too): light and dark at each size. */
async function shotsInBothSchemes(page: Page, name: string, scheme: 'light' | 'dark') {
  await pageShot(page, `${name}-${scheme}`);
  const other = otherScheme(scheme);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await colourSchemeViolations(page, other)).toEqual([]);
  await pageShot(page, `${name}-${other}`);
}

const approvedCount = (scope: Locator) => scope.getByText(/^Approved by/).count();

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** A budget row's cells as the summary shows them. */
const budgetCells = ({ allowance, cost, difference }: { allowance: number; cost: number; difference: number }) => [
  money.format(allowance),
  money.format(cost),
  difference < 0 ? `Over ${money.format(-difference)}` : difference === 0 ? 'On budget' : `Under ${money.format(difference)}`,
];
const rowCells = (panel: Locator, name: RegExp) => panel.getByRole('row', { name }).locator('td').allTextContents();
/** The panel's own read of its figures (GET /decisions or /budget), from the page's network. */
const panelRead = (page: Page, projectId: string, what: 'decisions' | 'budget') =>
  page.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).pathname === `/api/projects/${projectId}/${what}` && response.ok());

/** The two panels under the rooms, in this scheme and the other (axe on the page in each). */
async function panelShots(page: Page, name: string, scheme: 'light' | 'dark') {
  const panels = page.getByRole('region', { name: 'Decisions due' }).locator('..');
  for (const each of [scheme, scheme === 'light' ? 'dark' : 'light'] as const) {
    await page.emulateMedia({ colorScheme: each });
    await settled(page);
    await screenshot(panels, `${name}-${each}`);
  }
  await page.emulateMedia({ colorScheme: scheme });
}

/** axe from the top of the page: scrolled, the sticky action bar lies over cards (their targets then count as covered). */
async function violationsFromTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return accessibilityViolations(page);
}

describe('selections on the checklist (issue 18)', () => {
  it('the client approves and declines from the card; a change by the contractor clears the approval on the open page, live', async () => {
    const { contractor, client, projectId, itemId } = await projectForTwo();
    await openChecklist(contractor, 'contractor', projectId);
    await openChecklist(client, 'client', projectId);
    // The contractor has no Approve; the client has, on each card.
    expect(await card(contractor, 'Countertops').getByRole('button', { name: 'Approve Countertops' }).count()).toBe(0);

    await card(client, 'Countertops').getByRole('button', { name: 'Approve Countertops' }).click();
    await card(client, 'Countertops').getByText(/^Approved by Chris Owner on \w{3} \d{1,2}, \d{4}$/).waitFor();
    expect(await card(client, 'Countertops').getByRole('button', { name: 'Approve Countertops' }).count()).toBe(0);
    // The contractor sees it, live.
    await card(contractor, 'Countertops').getByText(/^Approved by Chris Owner on/).waitFor();

    // The contractor changes the approved selection: the approval is void on both pages.
    await card(contractor, 'Countertops').getByLabel('Details').fill('Quartz, mitred edge');
    await expect.poll(() => approvedCount(card(contractor, 'Countertops'))).toBe(0);
    await expect.poll(() => approvedCount(card(client, 'Countertops'))).toBe(0);
    await card(client, 'Countertops').getByRole('button', { name: 'Approve Countertops' }).waitFor();
    const item = (await (await client.request.get(`/api/projects/${projectId}/checklist`)).json()) as ProjectChecklist;
    expect(item.rooms.flatMap((room) => room.items).find((entry) => entry.id === itemId('Countertops'))!.approval).toBeNull();

    // Decline asks why: required, at most 500 characters.
    await card(client, 'Countertops').getByRole('button', { name: 'Decline Countertops' }).click();
    const dialog = client.getByRole('dialog', { name: 'Decline selection' });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByLabel('Reason').fill('x'.repeat(501));
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByText('Reason must be at most 500 characters').first().waitFor();
    expect(await accessibilityViolations(client)).toEqual([]);
    await dialog.getByLabel('Reason').fill('Too dark for the room');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(client, 'Countertops').getByText('Declined: Too dark for the room').waitFor();
    // Decline is gone once declined: the focus goes to Approve, not to the page's start.
    await expect.poll(() => card(client, 'Countertops').getByRole('button', { name: 'Approve Countertops' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await card(contractor, 'Countertops').getByText('Declined: Too dark for the room').waitFor();

    // Issue 27: the contractor's change lands while the client's Approve is on its way. Nothing is
    // recorded; the card shows the new selection (and says so), to approve again.
    await client.route(
      '**/api/checklist-items/*/approve',
      async (route) => {
        await patch(contractor, itemId('Countertops'), { details: 'Soapstone, honed' });
        await route.continue();
      },
      { times: 1 },
    );
    const stale = client.waitForResponse((response) => response.url().endsWith('/approve'));
    await card(client, 'Countertops').getByRole('button', { name: 'Approve Countertops' }).click();
    expect((await stale).status()).toBe(409);
    await client.getByRole('region', { name: 'Notifications (F8)' }).getByText('The selection changed since you saw it. Check the new selection and answer again.', { exact: true }).waitFor();
    await expect.poll(() => card(client, 'Countertops').getByLabel('Details').inputValue()).toBe('Soapstone, honed');
    expect(await approvedCount(card(client, 'Countertops'))).toBe(0);
    await card(client, 'Countertops').getByRole('button', { name: 'Approve Countertops' }).click();
    await card(client, 'Countertops').getByText(/^Approved by Chris Owner on/).waitFor();
    const approved = (await (await client.request.get(`/api/projects/${projectId}/checklist`)).json()) as ProjectChecklist;
    expect(approved.rooms.flatMap((room) => room.items).find((entry) => entry.id === itemId('Countertops'))).toMatchObject({ details: 'Soapstone, honed', approval: { status: 'approved' } });
  });

  // A test a size: each size's axe runs and full-page shots in both schemes are a test's worth of work on a busy machine.
  for (const size of [
    { width: 1280, height: 900, colorScheme: 'light' },
    { width: 390, height: 844, colorScheme: 'dark' },
  ] as const) {
    it(`shows the decisions due (overdue marked) and the budget (over budget), with the fields on the card; no violation (${size.width}x${size.height}, ${size.colorScheme})`, async () => {
      const { contractor, client, projectId, itemId } = await projectForTwo(size);
      await patch(contractor, itemId('Countertops'), { allowance: 1000, cost: 1250, decideBy: inDays(-3) });
      await patch(contractor, itemId('Backsplash'), { allowance: 400, leadTimeDays: 30 });
      await openChecklist(contractor, 'contractor', projectId);

      // The overdue one is marked on its card, and the action bar counts them, with the first draw.
      await card(contractor, 'Countertops').getByText('Overdue', { exact: true }).waitFor();
      expect(await card(contractor, 'Backsplash').getByText('Overdue', { exact: true }).count()).toBe(0);
      const panel = contractor.getByRole('region', { name: 'Decisions due' });
      const budget = contractor.getByRole('region', { name: 'Budget' });
      // The action bar leads to the panel under the rooms, which reads its list as it comes near.
      const decisionsRead = panelRead(contractor, projectId, 'decisions');
      const budgetRead = panelRead(contractor, projectId, 'budget');
      await contractor.getByRole('link', { name: '2 decisions due, 1 overdue' }).click();
      await expect.poll(() => panel.evaluate((section) => section.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      const served = (await (await decisionsRead).json()) as Decision[];

      // Decisions due, as GET /decisions answered: earliest first, the overdue one marked.
      const rows = panel.getByTestId('decision');
      await rows.first().waitFor();
      expect(served.filter((decision) => decision.decideBy !== null).map(({ name, overdue }) => ({ name, overdue }))).toEqual([
        { name: 'Countertops', overdue: true },
        { name: 'Backsplash', overdue: false },
      ]);
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).textContent()).toMatch(/^Countertops · Kitchen.*Overdue/);
      expect(await rows.nth(1).textContent()).toMatch(/^Backsplash · Kitchen/);
      expect(await rows.nth(1).textContent()).not.toMatch(/Overdue/);

      // The budget, as GET /budget answered: the kitchen and the project over by $250 - $400 allowance left = under $150.
      const servedBudget = (await (await budgetRead).json()) as Budget;
      expect(servedBudget.difference).toBe(150);
      await budget.getByRole('row', { name: /^Kitchen/ }).getByText('Under $150.00').waitFor();
      expect(await rowCells(budget, /^Project/)).toEqual(budgetCells(servedBudget));
      expect(await rowCells(budget, /^Kitchen/)).toEqual(budgetCells(servedBudget.rooms.find((room) => room.name === 'Kitchen')!));
      await card(contractor, 'Countertops').getByText('Cost $1,250.00 (over by $250.00)').waitFor();

      // The contractor raises the cost from the card's fields: the summary reads the budget again, and the room goes over.
      const reread = panelRead(contractor, projectId, 'budget');
      await card(contractor, 'Backsplash').getByRole('button', { name: 'Budget and decide-by date of Backsplash' }).click();
      await card(contractor, 'Backsplash').getByLabel('Cost ($)').fill('600');
      await budget.getByRole('row', { name: /^Kitchen/ }).getByText('Over $450.00').waitFor();
      expect(((await (await reread).json()) as Budget).difference).toBeLessThan(150);
      expect(await budget.getByRole('row', { name: /^Project/ }).getAttribute('data-over')).toBe('true');
      // And the allowance: the new total.
      await card(contractor, 'Backsplash').getByLabel('Allowance ($)').fill('700');
      await budget.getByRole('row', { name: /^Project/ }).getByText('$1,700.00', { exact: true }).waitFor();
      await budget.getByRole('row', { name: /^Project/ }).getByText('Over $150.00').waitFor();
      await panelShots(contractor, `selections-panels-contractor-${size.width}`, size.colorScheme);
      // A value the API refuses stays, marked, unsaved.
      await card(contractor, 'Backsplash').getByLabel('Allowance ($)').fill('12.345');
      await card(contractor, 'Backsplash').getByText(/^Allowance must be a number from 0 to 10,000,000 with at most 2 decimals$/).waitFor();

      expect(await violationsFromTop(contractor)).toEqual([]);
      await shotsInBothSchemes(contractor, `selections-contractor-${size.width}x${size.height}`, size.colorScheme);

      // The client sees the same; their allowance is read-only, the cost theirs to set.
      const read = (await (await client.request.get(`/api/projects/${projectId}/checklist`)).json()) as ProjectChecklist;
      const { selectionHash } = read.rooms.flatMap((room) => room.items).find((entry) => entry.id === itemId('Backsplash'))!;
      expect((await client.request.post(`/api/checklist-items/${itemId('Backsplash')}/approve`, { data: { selectionHash } })).status()).toBe(200);
      await openChecklist(client, 'client', projectId);
      await client.getByRole('region', { name: 'Decisions due' }).scrollIntoViewIfNeeded();
      await client.getByRole('region', { name: 'Decisions due' }).getByTestId('decision').first().waitFor();
      await client.getByRole('region', { name: 'Budget' }).getByRole('row', { name: /^Project/ }).getByText('$1,700.00', { exact: true }).waitFor();
      await card(client, 'Backsplash').getByText(/^Approved by Chris Owner/).waitFor();
      await card(client, 'Countertops').getByRole('button', { name: 'Budget and decide-by date of Countertops' }).click();
      expect(await card(client, 'Countertops').getByLabel('Allowance ($)').getAttribute('readonly')).not.toBeNull();
      expect(await card(client, 'Countertops').getByLabel('Cost ($)').getAttribute('readonly')).toBeNull();
      expect(await violationsFromTop(client)).toEqual([]);
      await shotsInBothSchemes(client, `selections-client-${size.width}x${size.height}`, size.colorScheme);
    });
  }

  it('leaves the panels out while there is nothing to show, and brings them with the first date and allowance, at once (their figures read when scrolled to)', async () => {
    const { contractor, projectId } = await projectForTwo();
    const calls: string[] = [];
    contractor.on('request', (request) => void (new URL(request.url()).pathname.startsWith('/api/') && calls.push(new URL(request.url()).pathname)));
    await openChecklist(contractor, 'contractor', projectId);
    await contractor.waitForLoadState('networkidle');
    expect(await contractor.getByRole('region', { name: 'Decisions due' }).count()).toBe(0);
    expect(await contractor.getByRole('region', { name: 'Budget' }).count()).toBe(0);
    // Known from the checklist the page holds: no read of its own.
    expect(calls.filter((path) => /\/(budget|decisions)$/.test(path))).toEqual([]);

    await card(contractor, 'Countertops').getByRole('button', { name: 'Budget and decide-by date of Countertops' }).click();
    await card(contractor, 'Countertops').getByLabel('Allowance ($)').fill('800');
    // The summary is there at once (under the rooms); its figures are read when it is scrolled to.
    const budget = contractor.getByRole('region', { name: 'Budget' });
    await budget.waitFor();
    await budget.scrollIntoViewIfNeeded();
    await budget.getByRole('row', { name: /^Kitchen/ }).getByText('Under $800.00').waitFor();
    await card(contractor, 'Countertops').getByLabel('Decide by').fill(inDays(10));
    await contractor.getByRole('region', { name: 'Decisions due' }).scrollIntoViewIfNeeded();
    await contractor.getByRole('region', { name: 'Decisions due' }).getByTestId('decision').getByText('Countertops').waitFor();
    // Saved, too.
    await expect
      .poll(async () => ((await (await contractor.request.get(`/api/projects/${projectId}/budget`)).json()) as { allowance: number }).allowance)
      .toBe(800);
    // Selected: no longer a decision to make.
    await tick(card(contractor, 'Countertops').getByRole('checkbox', { name: 'Selected' }));
    await expect.poll(() => contractor.getByRole('region', { name: 'Decisions due' }).count()).toBe(0);
  });

  it("reads the panels' figures from the API as they come near, not with the page: a block of their size meanwhile, a retry on failure, live after a change", async () => {
    const { contractor, client, projectId, itemId } = await projectForTwo({ width: 1280, height: 900 });
    await patch(contractor, itemId('Countertops'), { allowance: 1000, cost: 1250, decideBy: inDays(-3) });
    await patch(contractor, itemId('Backsplash'), { allowance: 400, leadTimeDays: 30 });
    const calls: string[] = [];
    client.on('request', (request) => void (new URL(request.url()).pathname.startsWith('/api/') && calls.push(new URL(request.url()).pathname)));
    const reads = () => calls.filter((path) => /\/(budget|decisions)$/.test(path));
    // The decisions' first answer is held back, and the budget's first read fails (a dropped connection): what a person sees then.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await client.route(`**/api/projects/${projectId}/decisions`, async (route) => {
      await held;
      await route.continue();
    });
    await client.route(`**/api/projects/${projectId}/budget`, (route) => route.abort('connectionreset'));

    await openChecklist(client, 'client', projectId);
    await client.waitForLoadState('networkidle');
    const decisions = client.getByRole('region', { name: 'Decisions due' });
    const budget = client.getByRole('region', { name: 'Budget' });
    // Both panels are in place under the rooms, out of sight, and not read: the page stays within issue 14's 5 calls.
    expect(await decisions.getAttribute('aria-busy')).toBe('true');
    expect(await budget.getAttribute('aria-busy')).toBe('true');
    expect(await decisions.evaluate((section) => section.getBoundingClientRect().top > 2 * window.innerHeight)).toBe(true);
    expect(reads()).toEqual([]);
    expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(5);
    // Printed before being read, the panel shows the page's own figures (a print cannot wait for a read).
    await client.emulateMedia({ media: 'print' });
    expect(await decisions.getByText('Countertops', { exact: true }).isVisible()).toBe(true);
    await client.emulateMedia({ media: 'screen' });
    expect(await decisions.getByText('Countertops', { exact: true }).isVisible()).toBe(false);

    // Scrolled to: read then. While the list is on its way, a block the panel's size stands in.
    await decisions.scrollIntoViewIfNeeded();
    await expect.poll(() => reads().length).toBe(2);
    await budget.getByRole('alert').getByText(/^Could not load the budget\./).waitFor();
    const pendingHeight = await decisions.evaluate((section) => section.getBoundingClientRect().height);
    expect(await decisions.getAttribute('aria-busy')).toBe('true');
    await settled(client);
    for (const scheme of ['light', 'dark'] as const) {
      await client.emulateMedia({ colorScheme: scheme });
      await screenshot(decisions.locator('..'), `selections-panels-pending-and-failed-1280-${scheme}`, { animations: 'disabled' });
    }
    expect(await violationsFromTop(client)).toEqual([]);
    await client.emulateMedia({ colorScheme: 'light' });

    const decisionsRead = panelRead(client, projectId, 'decisions');
    release();
    const served = (await (await decisionsRead).json()) as Decision[];
    await decisions.getByTestId('decision').first().waitFor();
    expect(await decisions.getAttribute('aria-busy')).toBe('false');
    // The server's list, its dated entries in its order; and no shift: the panel kept its height.
    expect(await decisions.getByTestId('decision').locator('button').allTextContents()).toEqual(
      served.filter((decision) => decision.decideBy !== null).map((decision) => `${decision.name} · ${decision.roomName}`),
    );
    expect(await decisions.evaluate((section) => section.getBoundingClientRect().height)).toBe(pendingHeight);

    // Try again, the connection back: the figures GET /budget answers.
    await client.unroute(`**/api/projects/${projectId}/budget`);
    const budgetRead = panelRead(client, projectId, 'budget');
    await budget.getByRole('button', { name: 'Try again' }).click();
    const servedBudget = (await (await budgetRead).json()) as Budget;
    await budget.getByRole('row', { name: /^Project/ }).waitFor();
    expect(await rowCells(budget, /^Project/)).toEqual(budgetCells(servedBudget));
    expect(budgetCells(servedBudget)).toEqual(['$1,400.00', '$1,250.00', 'Under $150.00']);

    // The contractor changes an allowance and selects the overdue item: the client's open panels follow, live.
    await patch(contractor, itemId('Backsplash'), { allowance: 900 });
    await budget.getByRole('row', { name: /^Project/ }).getByText('$1,900.00', { exact: true }).waitFor();
    expect(await rowCells(budget, /^Project/)).toEqual(['$1,900.00', '$1,250.00', 'Under $650.00']);
    await patch(contractor, itemId('Countertops'), { contractorCompleted: true });
    await expect.poll(() => decisions.getByTestId('decision').locator('button').allTextContents()).toEqual(['Backsplash · Kitchen']);
  });

  it('takes the project dates in the form, and shows them on the card and the checklist', async () => {
    const page = await openPage();
    await register(page, 'contractor');
    await page.goto('/projects');
    await page.getByRole('button', { name: /New Project|Create Your First Project/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Project' });
    await dialog.getByLabel('Project Name').fill('Cedar Court');
    await dialog.getByLabel('Client Name').fill('Dana Client');
    await dialog.getByLabel('Project Address').fill('3 Cedar Court');
    await dialog.getByLabel('Start Date').fill('2026-03-02');
    await dialog.getByLabel('Target Completion Date').fill('2026-09-30');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await dialog.waitFor({ state: 'detached' });
    const projectCard = page.getByRole('article', { name: 'Cedar Court' });
    await projectCard.getByText('Start: Mar 2, 2026').waitFor();
    await projectCard.getByText('Target completion: Sep 30, 2026').waitFor();
    await screenshot(page, 'selections-project-card-dates');

    // Edit keeps them and changes one.
    await projectCard.getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit Project' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Project' });
    expect(await edit.getByLabel('Start Date').inputValue()).toBe('2026-03-02');
    await edit.getByLabel('Target Completion Date').fill('2026-10-15');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await projectCard.getByText('Target completion: Oct 15, 2026').waitFor();

    await projectCard.getByRole('link', { name: 'View Project' }).click();
    const dates = page.getByTestId('project-dates');
    await dates.waitFor();
    expect(await dates.textContent()).toBe('Start: Mar 2, 2026Target completion: Oct 15, 2026');
  });

  it("unsubscribes from the digest on the mail's link only when asked, and says so for a bad link", async () => {
    const { contractor, clientEmail, projectId, itemId } = await projectForTwo();
    await patch(contractor, itemId('Countertops'), { decideBy: inDays(-1) });
    const sent = await runScript('send-digest', ['--day', today]);
    expect(sent.code).toBe(0);
    const mail = (await mailTo(clientEmail)).find((entry) => entry.subject.startsWith('Birch Lane Renovation:'));
    const link = /https?:\/\/\S+\/digest-unsubscribe#token=[\w.%-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    void projectId;

    const page = await openPage({ width: 390, height: 844, colorScheme: 'dark' });
    await page.goto(new URL(link!).pathname + new URL(link!).hash);
    await page.getByRole('heading', { name: 'Unsubscribe from the decisions e-mail' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'selections-unsubscribe-ask-390-dark');
    const posted = page.waitForResponse((response) => response.url().endsWith('/api/digest/unsubscribe'));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    expect((await posted).status()).toBe(200);
    await page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
    await page.getByText('You will no longer get the daily decisions e-mail for this project.').waitFor();
    await screenshot(page, 'selections-unsubscribe-done-390-dark');

    // Opening the link posts nothing (mail scanners open links); a bad token is refused plainly.
    const bad = await openPage();
    let posts = 0;
    bad.on('request', (request) => void (request.url().endsWith('/api/digest/unsubscribe') && posts++));
    await bad.goto('/digest-unsubscribe#token=not-a-real-token');
    await bad.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    expect(posts).toBe(0);
    await bad.getByRole('button', { name: 'Unsubscribe' }).click();
    await bad.getByRole('heading', { name: 'Could not unsubscribe' }).waitFor();
    await bad.getByRole('alert').getByText('The unsubscribe link is not valid').waitFor();
    expect(await accessibilityViolations(bad)).toEqual([]);
    await screenshot(bad, 'selections-unsubscribe-refused');
    await bad.goto('/digest-unsubscribe');
    await bad.getByRole('heading', { name: 'Could not unsubscribe' }).waitFor();
  });
});
