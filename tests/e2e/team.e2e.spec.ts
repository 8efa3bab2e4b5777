import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { plans } from '../../events/tenants/plans';
import { stateKeys } from '../../functions/store/keys';
import { utcDay } from '../../functions/tenants/quotas';
import { accessibilityViolations, expectNoHorizontalOverflow, mailTo, screenshot, settled, uniqueEmail, usePages } from '../support/browser';
import { usedAlready } from '../support/tenants';

/** Issue 31 in real Chromium: the Team page (invite, list, remove), the page an invitation's link opens, and the plan's limits as the app says them. */

const openPage = usePages();
const PASSWORD = 'first-password-1';

async function registerByApi(page: Page, email: string, names: [string, string]): Promise<string> {
  const response = await page.request.post('/api/auth/register', { data: { firstName: names[0], lastName: names[1], email, role: 'contractor', password: PASSWORD, confirmPassword: PASSWORD } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The invitation's link in the newest mail to `email` that has one. */
async function joinLinkMailedTo(email: string): Promise<string> {
  for (const mail of await mailTo(email)) {
    const link = /https?:\/\/\S+\/join-team#token=[\w%-]+/.exec(mail.text ?? '')?.[0];
    if (link) return new URL(link).pathname + new URL(link).hash;
  }
  throw new Error(`No team invitation was mailed to ${email}`);
}

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

describe('the Team page', () => {
  for (const view of [
    { name: 'desktop-light', width: 1280, colorScheme: 'light' as const },
    { name: 'phone-dark', width: 390, colorScheme: 'dark' as const },
  ]) {
    it(`invites a colleague, who joins by the mailed link and sees the company's project; the owner removes them (${view.name})`, async () => {
      const owner = await openPage({ width: view.width, height: 844, colorScheme: view.colorScheme });
      await registerByApi(owner, uniqueEmail('owner'), ['Casey', 'Builder']);
      const project = await owner.request.post('/api/projects', { data: { name: 'Birch Lane Renovation', address: '7 Birch Lane', clientName: 'Chris Owner', clientEmail: uniqueEmail('client') } });
      expect(project.status()).toBe(201);

      // From the user menu.
      await owner.goto('/projects');
      await owner.getByRole('button', { name: /Casey Builder/ }).click();
      await owner.getByRole('menuitem', { name: 'Team' }).click();
      await owner.getByRole('heading', { name: 'Team', level: 1 }).waitFor();

      const email = uniqueEmail('colleague');
      // A mistyped address is refused on the page, naming the field.
      await owner.getByLabel('Email').fill('not an address');
      await owner.getByRole('button', { name: 'Send Invitation' }).click();
      await owner.getByText('Enter a valid email address').waitFor();
      await owner.getByLabel('Email').fill(email);
      await owner.getByRole('button', { name: 'Send Invitation' }).click();
      await toast(owner).getByText(`A link to join your team was mailed to ${email}.`).waitFor();
      await owner.getByText('Invitations waiting').waitFor();
      await owner.getByRole('main').getByRole('listitem').filter({ hasText: email }).waitFor();
      await settled(owner);
      expect(await accessibilityViolations(owner)).toEqual([]);
      await expectNoHorizontalOverflow(owner);
      await screenshot(owner, `team-page-${view.name}`);

      // The colleague: a new contractor account with the invited address opens the link and joins.
      const colleague = await openPage({ width: view.width, height: 844, colorScheme: view.colorScheme });
      await registerByApi(colleague, email, ['Robin', 'Mason']);
      await colleague.goto(await joinLinkMailedTo(email));
      await colleague.getByRole('button', { name: 'Join the Team' }).waitFor();
      expect(await accessibilityViolations(colleague)).toEqual([]);
      await screenshot(colleague, `join-team-${view.name}`, { fullPage: false });
      await colleague.getByRole('button', { name: 'Join the Team' }).click();
      await colleague.waitForURL((url) => url.pathname === '/projects');
      await colleague.getByText('Birch Lane Renovation').first().waitFor();

      // The owner sees them, and removes them.
      await owner.reload();
      await owner.getByRole('main').getByRole('listitem').filter({ hasText: 'Robin Mason' }).waitFor();
      await owner.getByRole('button', { name: 'Remove Robin Mason' }).click();
      const dialog = owner.getByRole('alertdialog', { name: 'Remove Robin Mason?' });
      expect(await accessibilityViolations(owner)).toEqual([]);
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await toast(owner).getByText('Robin Mason removed from the team').waitFor();
      await expect.poll(async () => owner.getByRole('main').getByRole('listitem').filter({ hasText: 'Robin Mason' }).count()).toBe(0);
      // Their session ended: the app asks them to sign in.
      await colleague.reload();
      await colleague.getByRole('button', { name: /Sign In/ }).first().waitFor();
    });
  }

  it('shows a colleague the team without the owner’s controls', async () => {
    const owner = await openPage();
    await registerByApi(owner, uniqueEmail('owner'), ['Casey', 'Builder']);
    const email = uniqueEmail('colleague');
    expect((await owner.request.post('/api/team/invitations', { data: { email } })).status()).toBe(201);
    const colleague = await openPage();
    await registerByApi(colleague, email, ['Robin', 'Mason']);
    const token = new URLSearchParams((await joinLinkMailedTo(email)).split('#')[1]).get('token')!;
    expect((await colleague.request.post('/api/team/join', { data: { token } })).status()).toBe(200);
    await colleague.goto('/team');
    await colleague.getByText('Casey Builder').waitFor();
    await colleague.getByText('(you)').waitFor();
    expect(await colleague.getByRole('button', { name: 'Send Invitation' }).count()).toBe(0);
    expect(await colleague.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
  });
});

describe('the plan’s limits in the app', () => {
  it('says the plan’s words in the New Project dialog and in Export PDF’s failure', async () => {
    const page = await openPage();
    const tenantId = await registerByApi(page, uniqueEmail('owner'), ['Casey', 'Builder']);
    const project = await page.request.post('/api/projects', { data: { name: 'Birch Lane Renovation', address: '7 Birch Lane', clientName: 'Chris Owner', clientEmail: uniqueEmail('client') } });
    const projectId = ((await project.json()) as { id: string }).id;
    // Joined the chat already, so Join Project Chat does not open over the checklist (and its footer's Export PDF).
    expect((await page.request.put('/api/user-session', { data: { userType: 'contractor', userName: 'Casey Builder', chatOpenedOnce: true } })).status()).toBe(200);
    // As if the company had used its plan already: its active projects, and today's PDF exports.
    await usedAlready(stateKeys.tenant(tenantId), 'activeProjects', plans.standard.activeProjects);
    await usedAlready(stateKeys.tenantDailyExports(tenantId, utcDay(new Date())), 'pdfExports', plans.standard.pdfExportsPerDay);

    await page.goto('/projects');
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Project' });
    await dialog.getByLabel('Project Name').fill('One Too Many');
    await dialog.getByLabel('Client Name').fill('Chris Owner');
    await dialog.getByLabel('Project Address').fill('9 Full Street');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await dialog.getByRole('alert').getByText('Your plan allows 25 active projects').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'quota-new-project', { fullPage: false });

    await page.goto(`/project/${projectId}`);
    await page.getByRole('heading', { name: 'Birch Lane Renovation', level: 1 }).waitFor();
    await page.locator('footer').getByRole('button', { name: 'Export PDF' }).click();
    const failed = page.getByRole('alertdialog', { name: 'Export Failed' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Your plan allows 100 PDF exports a day');
  });
});

