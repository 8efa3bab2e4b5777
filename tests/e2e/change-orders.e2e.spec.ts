import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProjectChecklist } from '../../contract/projects';
import { accessibilityViolations, expectNoHorizontalOverflow, mailTo, screenshot, settled, uniqueEmail, usePages, verifyEmailByMail } from '../support/browser';

/**
 * Change orders (issue 30) in real Chromium: the contractor drafts one on the project's Change
 * orders page and sends it; the client opens the mailed link on a phone, reads it, types their
 * name, ticks consent and signs; the PDF downloads; the checklist's budget summary then shows the
 * signed change order and the moved target completion. axe on each screen at both sizes, light and
 * dark (screenshots into change-orders/ when asked for).
 */

const openPage = usePages();
const PHONE = { width: 390, height: 844 } as const;

async function register(page: Page, role: 'contractor' | 'client', email = uniqueEmail(role)) {
  const [firstName, lastName] = role === 'contractor' ? ['Casey', 'Builder'] : ['Jane', 'Client'];
  const response = await page.request.post('/api/auth/register', { data: { firstName, lastName, email, role, password: 'first-password-1', confirmPassword: 'first-password-1' } });
  expect(response.status()).toBe(201);
  if (role === 'client') await verifyEmailByMail(page, email);
  expect((await page.request.put('/api/user-session', { data: { userType: role, userName: `${firstName} ${lastName}`, chatOpenedOnce: true } })).status()).toBe(200);
  return email;
}

/** The screen in its scheme and the other, axe-clean in both, into the shots directory. */
async function shots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() => window.scrollTo(0, 0));
    // Two frames: the scheme's colour transitions have begun, so axe (which lets running ones end) sees the end colours.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await accessibilityViolations(page)).toEqual([]);
    await settled(page);
    await screenshot(page, `change-orders/${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('change orders (issue 30)', () => {
  it('the contractor sends a change order, the client signs it on a phone, and the budget summary changes', async () => {
    const contractor = await openPage();
    const client = await openPage(PHONE);
    const clientEmail = await register(client, 'client');
    await register(contractor, 'contractor');
    const created = await contractor.request.post('/api/projects', {
      data: { name: 'Birch Lane Renovation', address: '7 Birch Lane', clientName: 'Jane Client', clientEmail, targetCompletionDate: '2026-12-15' },
    });
    const { id: projectId } = (await created.json()) as { id: string };
    const checklist = (await (await contractor.request.get(`/api/projects/${projectId}/checklist`)).json()) as ProjectChecklist;
    const countertops = checklist.rooms.find((room) => room.type === 'kitchen')!.items.find((item) => item.name === 'Countertops')!;
    expect((await contractor.request.patch(`/api/checklist-items/${countertops.id}`, { data: { allowance: 4000, cost: 3500 } })).status()).toBe(200);

    // From the checklist's header to the project's change orders.
    await contractor.goto(`/project/${projectId}`);
    await contractor.getByRole('link', { name: 'Change orders' }).click();
    await contractor.getByRole('heading', { name: 'Change orders', level: 1 }).waitFor();
    await contractor.getByText('No change orders yet').waitFor();

    await contractor.getByRole('button', { name: 'New change order' }).click();
    const dialog = contractor.getByRole('dialog', { name: 'New change order' });
    await dialog.getByLabel('Title').fill('Quartz instead of laminate');
    await dialog.getByLabel('Description').fill('Calacatta quartz, eased edge, for the kitchen counters.');
    await dialog.getByLabel('Price change ($, + or −)').fill('340');
    await dialog.getByLabel('Schedule change (days, + or −)').fill('5');
    await dialog.getByRole('checkbox', { name: 'Countertops' }).check();
    await settled(contractor);
    expect(await accessibilityViolations(contractor)).toEqual([]);
    await screenshot(contractor, 'change-orders/new-change-order-dialog-desktop-light', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The list's card, not the toast that says it was saved (still up a while on a busy machine).
    const card = contractor.getByRole('listitem').filter({ hasText: 'Quartz instead of laminate' }).and(contractor.locator(':not(.toast)'));
    await card.getByText('Draft', { exact: true }).waitFor();
    expect(await card.textContent()).toContain('+$340.00 · +5 days · Countertops');
    await shots(contractor, 'list-draft-desktop');

    await card.getByRole('button', { name: 'Send to client' }).click();
    await card.getByText('Awaiting signature', { exact: true }).waitFor();

    // The client follows the mailed link on a phone.
    const mail = (await mailTo(clientEmail)).find((candidate) => candidate.subject.startsWith('Change order'));
    expect(mail!.subject).toBe('Change order to sign for Birch Lane Renovation: Quartz instead of laminate');
    const link = /https?:\/\/\S+\/change-orders\/[0-9a-f-]{36}/.exec(mail!.text ?? '')![0];
    await client.goto(new URL(link).pathname);
    await client.getByRole('heading', { name: 'Quartz instead of laminate', level: 1 }).waitFor();
    for (const text of ['+$340.00', '+5 days', 'Countertops', 'Calacatta quartz, eased edge, for the kitchen counters.']) await client.getByText(text, { exact: true }).first().waitFor();
    await expectNoHorizontalOverflow(client);
    await shots(client, 'sign-phone');

    // Consent is required before anything is sent.
    await client.getByLabel('Type your full name').fill('Jane Client');
    await client.getByRole('button', { name: 'Sign change order' }).click();
    await client.getByText('Tick the box to agree to this change order').waitFor();
    await client.getByRole('checkbox', { name: 'I agree to this change order and its price and schedule changes' }).check();
    await client.getByRole('button', { name: 'Sign change order' }).click();
    await client.getByText(/^Signed by Jane Client on /).waitFor();
    expect(await client.getByRole('button', { name: 'Sign change order' }).count()).toBe(0);
    // The contractor's open list shows it signed, live.
    await card.getByText('Signed', { exact: true }).waitFor();
    await shots(client, 'signed-phone');

    const download = client.waitForEvent('download');
    await client.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe('Quartz instead of laminate-change-order.pdf');

    // The contractor's budget summary now counts it, and the target completion moved.
    await contractor.goto(`/project/${projectId}`);
    const budget = contractor.getByRole('region', { name: 'Budget' });
    // The summary reads its figures once it comes near the screen.
    await budget.scrollIntoViewIfNeeded();
    await budget.getByTestId('budget-change-orders').waitFor();
    expect(await budget.getByTestId('budget-change-orders').textContent()).toBe('Signed change orders (1)+$340.00');
    expect(await budget.getByTestId('budget-cost-with-change-orders').textContent()).toBe('$3,840.00');
    expect(await budget.getByTestId('budget-target-completion').textContent()).toBe('Target completion: Dec 20, 2026 (+5 days by change orders)');
    for (const scheme of ['light', 'dark'] as const) {
      await contractor.emulateMedia({ colorScheme: scheme });
      await settled(contractor);
      await screenshot(budget, `change-orders/budget-summary-desktop-${scheme}`);
    }
    await contractor.emulateMedia({ colorScheme: 'light' });

    // The list, signed, on both sizes.
    await contractor.goto(`/project/${projectId}/change-orders`);
    await contractor.getByTestId('target-completion').waitFor();
    expect(await contractor.getByTestId('target-completion').textContent()).toBe('Target completion: Dec 20, 2026 (+5 days by change orders)');
    await contractor.getByText('Signed', { exact: true }).waitFor();
    await shots(contractor, 'list-signed-desktop');
    await client.goto(`/project/${projectId}/change-orders`);
    await client.getByText('Signed', { exact: true }).waitFor();
    await expectNoHorizontalOverflow(client);
    await shots(client, 'list-signed-phone');
    await contractor.goto(link.slice(link.indexOf('/change-orders/')));
    await contractor.getByText(/^Signed by Jane Client on /).waitFor();
    await shots(contractor, 'signed-desktop');

    // The Audit page lists the signature with what was signed and its hash.
    await contractor.goto(`/project/${projectId}/audit`);
    const signedEntry = contractor.getByRole('listitem').filter({ hasText: 'Signed a change order' });
    await signedEntry.getByText('Document SHA-256').waitFor();
    await shots(contractor, 'audit-desktop');
  });
});
