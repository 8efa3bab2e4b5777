import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword, seedDemoData } from '../../infra/local/seed';
import { appUrl, axeViolations, mailTo, screenshot, settled, usePages } from '../support/browser';

/**
 * axe-core on every main screen, in real Chromium, on the demo data `npm start` seeds (a project
 * in progress with details, links, a photo and a chat, so the scan meets what people see):
 * sign-in, the contractor's projects, the client's dashboard, the checklist for both roles in
 * light and dark, the chat open and the action history open, the page a sign-in link opens (signed
 * out, and signed in as someone else). WCAG 2.2 A and AA; no violation.
 * A failure lists each violation as `rule: selector: what is wrong`.
 */

const openPage = usePages();
const schemes = ['light', 'dark'] as const;
type Scheme = (typeof schemes)[number];
type Role = 'contractor' | 'client';

let projectId: string;

beforeAll(async () => {
  projectId = (await seedDemoData(appUrl())).sampleProject!.id;
});

/** What axe finds on the page as it stands (an open dialog included), one line per element. */
async function violations(page: Page): Promise<string[]> {
  await settled(page);
  return axeViolations(page, { summary: true });
}

/** A page signed in as the demo person, who has joined the project chat before (so no welcome dialog covers the screen). */
async function signedIn(role: Role, colorScheme: Scheme = 'light', width = 1280): Promise<Page> {
  const page = await openPage({ width, height: width > 390 ? 900 : 844, colorScheme });
  const account = demoAccounts[role === 'contractor' ? 0 : 1];
  expect((await page.request.post('/api/auth/login', { data: { email: account.email, password: demoPassword } })).status()).toBe(200);
  const session = { userType: role, userName: `${account.firstName} ${account.lastName}`, chatOpenedOnce: true };
  expect((await page.request.put('/api/user-session', { data: session })).status()).toBe(200);
  return page;
}

/** The checklist page with every room's items drawn. */
async function openChecklist(role: Role, colorScheme: Scheme): Promise<Page> {
  const page = await signedIn(role, colorScheme);
  await page.goto(role === 'contractor' ? `/project/${projectId}` : `/client-project/${projectId}`);
  await page.locator('[data-room-id]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-label="Loading items"], [aria-label="Loading rooms"]'));
  await page.getByText('Countertops', { exact: true }).first().waitFor();
  return page;
}

describe('accessibility (axe-core, WCAG 2.2 A and AA)', () => {
  // The screens that fit a phone and a desktop alike are scanned at both sizes.
  const screens = schemes.flatMap((colorScheme) => [390, 1280].map((width) => ({ colorScheme, width, name: `${width}-${colorScheme}` })));

  it.each(screens)('sign-in ($name): no violation', async ({ colorScheme, width, name }) => {
    const page = await openPage({ width, height: width > 390 ? 900 : 844, colorScheme });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await screenshot(page, `a11y/sign-in-${name}`, { fullPage: false });
    expect(await violations(page)).toEqual([]);
  });

  // One link for every scan: opening the page spends nothing (the token goes only on a click).
  let signInLink: string | undefined;
  async function demoClientSignInLink(): Promise<string> {
    if (signInLink) return signInLink;
    const asker = await openPage();
    expect((await asker.request.post('/api/auth/magic-link', { data: { email: demoAccounts[1].email } })).status()).toBe(200);
    const [mail] = (await mailTo(demoAccounts[1].email)).filter((sent) => sent.subject === 'Your Construction Checklist sign-in link');
    signInLink = /https?:\/\/\S+\/sign-in-link#token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    if (!signInLink) throw new Error('no sign-in link mailed to the demo client');
    return signInLink;
  }

  it.each(screens)('sign-in link page, signed out ($name): no violation', async ({ colorScheme, width, name }) => {
    const page = await openPage({ width, height: width > 390 ? 900 : 844, colorScheme });
    await page.goto(await demoClientSignInLink());
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await screenshot(page, `a11y/sign-in-link-${name}`, { fullPage: false });
    expect(await violations(page)).toEqual([]);
  });

  it.each(screens)('sign-in link page, signed in as someone else ($name): no violation', async ({ colorScheme, width, name }) => {
    const page = await signedIn('contractor', colorScheme, width);
    await page.goto(await demoClientSignInLink());
    await page.getByRole('heading', { name: 'Switch accounts?' }).waitFor();
    await screenshot(page, `a11y/sign-in-link-switch-${name}`, { fullPage: false });
    expect(await violations(page)).toEqual([]);
  });

  it.each(screens)("contractor's projects screen ($name): no violation", async ({ colorScheme, width, name }) => {
    const page = await signedIn('contractor', colorScheme, width);
    await page.goto('/projects');
    await page.getByRole('link', { name: 'View Project' }).first().waitFor();
    await screenshot(page, `a11y/projects-${name}`);
    expect(await violations(page)).toEqual([]);
  });

  it.each(screens)('client dashboard ($name): no violation', async ({ colorScheme, width, name }) => {
    const page = await signedIn('client', colorScheme, width);
    await page.goto('/client-dashboard');
    await page.getByRole('link', { name: /View Project Details/ }).first().waitFor();
    await screenshot(page, `a11y/client-dashboard-${name}`);
    expect(await violations(page)).toEqual([]);
  });

  // Every item card is laid out in a checklist of this size (content-visibility only past 150
  // items): a card skipped off screen was sized by an estimate, and a taller one's controls lay over
  // the next card's for axe's target-size (failed until 2026-11-24).
  for (const role of ['contractor', 'client'] as const) {
    it.each(schemes)(`checklist, ${role} (%s): no violation`, async (colorScheme) => {
      const page = await openChecklist(role, colorScheme);
      await screenshot(page, `a11y/checklist-${role}-${colorScheme}`, { fullPage: false });
      const found = await violations(page);
      // The sample project's photo, details and link, as the seed made them (looked at, not asserted).
      await page.locator('[data-room-id]').filter({ hasText: 'Backsplash' }).first().scrollIntoViewIfNeeded();
      await screenshot(page, `a11y/checklist-${role}-${colorScheme}-kitchen`, { fullPage: false });
      expect(found).toEqual([]);
    });
  }

  // Known to fail on 2026-11-24, left failing for web/chat's owner: color-contrast of the
  // messages' name, time and read state (#dbeafe on #155dfc 4.29:1, #6a7282 on #f3f4f6 4.39:1)
  // and listitem (the messages' <li> in a parent whose role is not list).
  it('checklist with the chat open: no violation', async () => {
    const page = await openChecklist('client', 'light');
    await page.getByRole('banner').getByRole('button', { name: /^Chat/ }).click();
    const chat = page.getByRole('dialog', { name: 'Project Chat' });
    await chat.getByText('Perfect, thank you.', { exact: false }).waitFor();
    await screenshot(page, 'a11y/chat-open', { fullPage: false });
    expect(await violations(page)).toEqual([]);
  });

  // Known to fail on 2026-11-24, left failing for web/chat's owner: scrollable-region-focusable
  // on the history's <ol> (it scrolls, and nothing in it takes the focus).
  it('checklist with the action history open: no violation', async () => {
    const page = await openChecklist('contractor', 'light');
    await page.getByRole('banner').getByRole('button', { name: /^History/ }).click();
    const history = page.getByRole('dialog', { name: 'Action History' });
    await history.getByTestId('history-entry').first().waitFor();
    await screenshot(page, 'a11y/history-open', { fullPage: false });
    expect(await violations(page)).toEqual([]);
  });
});
