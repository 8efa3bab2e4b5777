import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, screenshotDir, settled, uniqueEmail, usePages } from '../support/browser';

/** Export PDF from the checklist page's footer in real Chromium (spec sections 2, 7 and 8). */

const openPage = usePages();
/** Where a person (or the next engineer) can look at what was exported. */
const keepDir = join(screenshotDir, 'export-pdf');

async function contractorWithProject(page: Page, name: string) {
  const account = { firstName: 'Casey', lastName: 'Builder', email: uniqueEmail('contractor'), role: 'contractor', password: 'first-password-1' };
  expect((await page.request.post('/api/auth/register', { data: { ...account, confirmPassword: account.password } })).status()).toBe(201);
  // Joined the chat already: a first visit would open Join Project Chat over the page.
  expect((await page.request.put('/api/user-session', { data: { userType: 'contractor', userName: 'Casey Builder', chatOpenedOnce: true } })).status()).toBe(200);
  const created = await page.request.post('/api/projects', { data: { name, address: '7 Birch Lane, Springfield', clientName: 'Chris Owner' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

const footer = (page: Page) => page.locator('footer');

/** A viewport screenshot once the page's fade-ins are over. */
async function settledShot(page: Page, name: string) {
  await settled(page);
  await screenshot(page, `export-pdf/${name}`, { fullPage: false });
}

describe('Export PDF in the browser', () => {
  it('downloads the checklist as {project name}-checklist.pdf, busy while the server prints it', async () => {
    const page = await openPage();
    const projectId = await contractorWithProject(page, 'Birch Lane Renovation');
    await page.goto(`/project/${projectId}`);
    await page.getByRole('heading', { name: 'Birch Lane Renovation', level: 1 }).waitFor();

    const button = footer(page).getByRole('button', { name: 'Export PDF' });
    expect(await button.isEnabled()).toBe(true);
    // The footer, once the rooms above it (drawn a batch at a time) stopped pushing it down.
    await page.getByRole('article', { name: 'Utility Sink and Faucet' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await settledShot(page, 'footer-1280x800-light');

    const downloading = page.waitForEvent('download');
    await button.click();
    // Disabled and saying so while the server works (the first export also starts Chromium).
    // One query for both: a warm server can answer before a second look would find the button busy.
    await footer(page).getByRole('button', { name: 'Exporting...', disabled: true }).waitFor();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Birch Lane Renovation-checklist.pdf');
    mkdirSync(keepDir, { recursive: true });
    const file = join(keepDir, 'Birch Lane Renovation-checklist.pdf');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(execFileSync('pdftotext', [file, '-']).toString()).toContain('7 Birch Lane, Springfield');
    await footer(page).getByRole('button', { name: 'Export PDF' }).waitFor();
    expect(await footer(page).getByRole('button', { name: 'Export PDF' }).isEnabled()).toBe(true);
  });

  it('keeps non-ASCII names and says so in an alert dialog when the export fails', async () => {
    const page = await openPage({ width: 390, height: 844 });
    const projectId = await contractorWithProject(page, 'Maison Zoë / Étape 2');
    await page.goto(`/project/${projectId}`);
    await page.getByRole('heading', { name: 'Maison Zoë / Étape 2', level: 1 }).waitFor();

    const downloading = page.waitForEvent('download');
    await footer(page).getByRole('button', { name: 'Export PDF' }).click();
    // The browser's own rule replaces the slash; the rest of the name is kept.
    expect((await downloading).suggestedFilename()).toMatch(/^Maison Zoë _ Étape 2-checklist\.pdf$/);

    // Signed out meanwhile (in another tab): the server answers 401.
    expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
    await footer(page).getByRole('button', { name: 'Export PDF' }).click();
    const alert = page.getByRole('alertdialog', { name: 'Export Failed' });
    await alert.getByText('Failed to export PDF. Please try again.', { exact: true }).waitFor();
    await settledShot(page, 'failed-390x844-light');
    await alert.getByRole('button', { name: 'OK' }).click();
    await alert.waitFor({ state: 'detached' });
    // Focus goes back to the button, which works again.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Export PDF');
  });
});
