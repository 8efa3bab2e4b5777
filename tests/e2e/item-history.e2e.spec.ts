import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibleInBothSchemes, expectNoHorizontalOverflow, screenshot, settled, tick, uniqueEmail, usePages, viewportName, viewportsEachInBothSchemes } from '../support/browser';
import { newAccount, registerByApi } from '../support/browser-accounts';

/**
 * An item's History on the checklist (issue 15): who changed what, newest first, and the item as
 * it was at a picked moment, in real Chromium against the local cloud.
 */

const openPage = usePages();

/** Registers through the API with the page's cookie jar (so the page is signed in) and joins the chat (no first-visit dialog). */
async function register(page: Page, role: 'contractor' | 'client', [firstName, lastName]: [string, string]): Promise<string> {
  const account = newAccount(role, { firstName, lastName, email: uniqueEmail(`history-${role}`) });
  await registerByApi(page, account, { joinChat: true });
  return account.email;
}

const countertops = (page: Page) => page.getByRole('region', { name: 'Kitchen', exact: true }).getByRole('article', { name: 'Countertops', exact: true });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A moment as the page's `datetime-local` picker reads it: the browser's local time, to the second. */
const localInput = (page: Page, epochMs: number) =>
  page.evaluate((ms) => {
    const date = new Date(ms);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, epochMs);

const texts = (locator: Locator) => locator.allTextContents();

describe('item History', () => {
  it('shows both users’ changes newest first, and the item as it was at a picked moment', async () => {
    const contractor = await openPage();
    const client = await openPage();
    const clientEmail = await register(client, 'client', ['Chris', 'Owner']);
    await register(contractor, 'contractor', ['Casey', 'Builder']);
    const created = await contractor.request.post('/api/projects', {
      data: { name: 'Birch Lane Renovation', address: '7 Birch Lane', clientName: 'Chris Owner', clientEmail },
    });
    expect(created.status()).toBe(201);
    const { id: projectId } = (await created.json()) as { id: string };

    // The contractor selects the countertops and writes their details; a link is added too.
    await contractor.goto(`/project/${projectId}`);
    const card = countertops(contractor);
    await tick(card.getByRole('checkbox', { name: 'Selected' }));
    await card.getByLabel('Details').fill('Quartz, eased edge');
    await card.getByText('Saving...').waitFor();
    await card.getByText('Saving...').waitFor({ state: 'hidden' });
    const itemId = (await card.getAttribute('data-item-id'))!;
    expect((await contractor.request.patch(`/api/checklist-items/${itemId}`, { data: { referenceLinks: ['https://example.com/quartz'] } })).status()).toBe(200);

    // A moment between the contractor's changes and the client's, a whole second clear of both (the picker reads seconds).
    await sleep(1_500);
    const between = Date.now();
    await sleep(2_000);

    await client.goto(`/client-project/${projectId}`);
    await tick(countertops(client).getByRole('checkbox', { name: 'Installed' }));
    await expect.poll(async () => ((await (await client.request.get(`/api/checklist-items/${itemId}/history`)).json()) as { entries: unknown[] }).entries.length).toBe(5);

    // The contractor opens the item's History: newest first, with names, roles and before → after.
    await card.getByRole('button', { name: 'History of Countertops' }).click();
    const dialog = contractor.getByRole('dialog', { name: 'History: Countertops' });
    await dialog.waitFor();
    const entries = dialog.getByTestId('item-history-entry');
    await expect.poll(() => entries.count()).toBe(5);
    const [installed, links, details, selected, added] = await texts(entries);
    expect(installed).toContain('Chris Owner(Client)');
    expect(installed).toContain('Installed: from No to Yes');
    expect(links).toContain('Casey Builder(Contractor)');
    expect(links).toContain('Reference links: Added https://example.com/quartz');
    expect(details).toContain('Details: from (empty) to Quartz, eased edge');
    expect(selected).toContain('Selected: from No to Yes');
    expect(added).toContain('Added the item');
    // Each entry says when, in local time.
    expect(await entries.first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // The item as it was before the client's change: selected, with details, not installed.
    const picker = dialog.getByLabel('Show the item as it was at…');
    await picker.fill(await localInput(contractor, between));
    const state = dialog.getByTestId('item-state-at');
    await state.waitFor();
    const then = (await state.textContent()) ?? '';
    expect(then).toContain('SelectedYes');
    expect(then).toContain('InstalledNo');
    expect(then).toContain('Quartz, eased edge');
    expect(then).toContain('https://example.com/quartz');

    // An entry's own button shows the item right after that change: the details, before the link.
    await entries.nth(2).getByRole('button', { name: 'Show the item as it was then' }).click();
    await expect.poll(async () => (await state.textContent()) ?? '').toContain('Reference links(none)');
    expect(await state.textContent()).toContain('Quartz, eased edge');

    // Before the item existed: a message, not a state.
    await picker.fill('2020-01-01T09:00:00');
    await dialog.getByText(/^The item did not exist yet at /).waitFor();
    expect(await state.count()).toBe(0);

    await contractor.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Desktop and phone, each a fresh page signed in as the contractor, in its scheme and the other:
    // the dialog fits, axe finds nothing, and the card's History action is at least 24 × 24 px.
    const cookies = await contractor.context().cookies();
    for (const viewport of viewportsEachInBothSchemes) {
      const page = await openPage(viewport);
      await page.context().addCookies(cookies);
      await page.goto(`/project/${projectId}`);
      const action = countertops(page).getByRole('button', { name: 'History of Countertops' });
      await action.scrollIntoViewIfNeeded();
      const box = await action.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(24);
      expect(box?.height).toBeGreaterThanOrEqual(24);
      await action.click();
      const shown = page.getByRole('dialog', { name: 'History: Countertops' });
      await shown.getByLabel('Show the item as it was at…').fill(await localInput(page, between));
      await shown.getByTestId('item-state-at').waitFor();
      await expect.poll(() => shown.getByTestId('item-history-entry').count()).toBe(5);
      await settled(page);
      await expectNoHorizontalOverflow(page);
      await accessibleInBothSchemes(page, viewport.colorScheme, (scheme) => screenshot(page, `item-history-${viewportName({ ...viewport, colorScheme: scheme })}`, { fullPage: false }));
    }

    // The client sees the same history.
    await countertops(client).getByRole('button', { name: 'History of Countertops' }).click();
    const clientDialog = client.getByRole('dialog', { name: 'History: Countertops' });
    await expect.poll(() => clientDialog.getByTestId('item-history-entry').count()).toBe(5);
    expect(await clientDialog.getByTestId('item-history-entry').first().textContent()).toContain('Installed: from No to Yes');

    // A change by the other person shows in an open History at once, newest first.
    expect((await contractor.request.patch(`/api/checklist-items/${itemId}`, { data: { purchasesMade: true } })).status()).toBe(200);
    await expect.poll(() => clientDialog.getByTestId('item-history-entry').count()).toBe(6);
    expect(await clientDialog.getByTestId('item-history-entry').first().textContent()).toContain('Purchased: from No to Yes');
  });
});
