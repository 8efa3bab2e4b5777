import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFailed, vi } from 'vitest';
import { repoRoot } from '../../infra/paths';
import { verificationTokenMailedTo } from './mail';

/**
 * Real Chromium (Debian's, or CHROMIUM_PATH) for browser tests, headless. Screenshots, when asked
 * for, go to test-results/screenshots/ so a person can look at them.
 */

// A browser test waits on conditions with generous ceilings, never on a clock: expect.poll's own
// 1 s is one on a busy machine (Playwright's waits have 30 s). Every browser test file comes here.
vi.setConfig({ expect: { poll: { timeout: 30_000 } } });

export const appUrl = () => inject('localCloud').url;
export const screenshotDir = join(repoRoot, 'test-results/screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Quiet in a closed network: no background fetches, no component updates, no sync.
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * A person's browser. Without a service worker unless asked (`serviceWorkers: 'allow'`, field mode's
 * tests): the app's worker precaches every file of the build on a first visit, a second download
 * of the whole app per person that only the offline tests use, and a page it controls answers
 * from it where the test's `page.route` cannot see.
 */
export async function newContext(
  browser: Browser,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: appUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
}

/** The screens the layout tests look at: desktop and phone, each light and dark. */
export const viewports = [
  { width: 1280, height: 800, colorScheme: 'light' },
  { width: 1280, height: 800, colorScheme: 'dark' },
  { width: 390, height: 844, colorScheme: 'light' },
  { width: 390, height: 844, colorScheme: 'dark' },
] as const;

export type Viewport = (typeof viewports)[number];

/**
 * Desktop light and phone dark: a test that draws each in its scheme and checks the other scheme
 * too at every step (`colourSchemeViolations`) sees all four of `viewports` in two runs of its flow.
 */
export const viewportsEachInBothSchemes = [viewports[0], viewports[3]] as const;

export const otherScheme = (scheme: 'light' | 'dark') => (scheme === 'light' ? 'dark' : 'light');

/** A viewport as screenshot names carry it: `390x844-dark`. */
export const viewportName = ({ width, height, colorScheme }: Viewport): string => `${width}x${height}-${colorScheme}`;

/** Nothing wider than the viewport (no sideways scrolling). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/**
 * Brings finite animations (dialogs and menus opening, toasts, fade-ins, colour transitions) to
 * their end, for a steady screenshot; spinners go on forever and are left. Finished, not waited
 * for: a transition in a card the browser skips drawing (content-visibility, off screen) does not
 * advance, and a wait on it never ended (the punch list's client checklist after a scheme switch).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  });
}

/**
 * Screenshots are for a person's eyes: `SCREENSHOTS=1 npx vitest run tests/e2e/<file>` writes them
 * under test-results/screenshots/. Nothing asserts on them, so the suite takes none by default: on
 * a machine where a page fault is dear, capturing and encoding them was minutes of the suite.
 */
const screenshotsWanted = process.env.SCREENSHOTS === '1';

/**
 * A page (the whole of it, or with `fullPage: false` what is in sight: an open dialog on a long
 * page) or one part of it, as `name`.png. A part is brought into sight either way, as its capture
 * would: what follows may count on it.
 */
export async function screenshot(of: Page | Locator, name: string, { fullPage = true, animations }: { fullPage?: boolean; animations?: 'disabled' } = {}): Promise<void> {
  const page = 'goto' in of ? of : undefined;
  if (!screenshotsWanted) {
    if (!page) await (of as Locator).scrollIntoViewIfNeeded();
    return;
  }
  const path = join(screenshotDir, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  if (page) await page.screenshot({ path, fullPage, animations });
  else await (of as Locator).screenshot({ path, animations });
}

export { mailTo } from './mail';

/** Proves a signed-in page's e-mail with the link the app mailed to it, as its owner would. */
export async function verifyEmailByMail(page: Page, address: string): Promise<void> {
  const token = await verificationTokenMailedTo(address);
  const response = await page.request.post('/api/auth/verify-email', { data: { token } });
  if (response.status() !== 200) throw new Error(`Verifying ${address} answered ${response.status()}: ${await response.text()}`);
}

/**
 * Ticks a checklist box. Off-screen item cards are not drawn (content-visibility) and a click
 * that lands while one is being drawn is lost; Playwright reports 'did not change its state'.
 * A tick made before the outbox's code has come (it loads after the first room card) shows once
 * that code is here (web/offline/outbox/submit.ts), so the box is given time to show it first.
 * A person clicks what they see, so one more try is fair: check() does nothing when already ticked.
 */
export async function tick(box: Locator): Promise<void> {
  await box.scrollIntoViewIfNeeded();
  try {
    await box.check();
    return;
  } catch {
    // Not shown yet: kept for when the outbox is here, or lost.
  }
  for (const giveUpAt = Date.now() + 30_000; Date.now() < giveUpAt; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (await box.isChecked()) return;
  }
  await box.check();
}

/**
 * One Chromium for a test file and a fresh context (a person, with their own cookies) per
 * `openPage`; all closed when the file is done. `defaults` apply to every page the file opens.
 */
export function usePages(defaults: Parameters<typeof newContext>[1] = {}): (options?: Parameters<typeof newContext>[1]) => Promise<Page> {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });
  let opened = 0;
  return async (options = {}) => {
    const context = await newContext(browser!, { ...defaults, ...options });
    contexts.push(context);
    const page = await context.newPage();
    const journal = pageJournal(page);
    const name = `page ${++opened}`;
    // On the error itself: CI shows a failed run's last lines, where the errors are listed.
    try {
      onTestFailed(({ task }) => {
        const error = task.result?.errors?.[0];
        if (error) error.message += `\n\nWhat ${name} did (ms since it opened):\n${journal().join('\n')}`;
      });
    } catch {
      // Opened by a beforeAll: no one test owns the page (vitest refuses the hook there), so no journal.
    }
    return page;
  };
}

/**
 * A page's API calls (with status and time taken), failed requests, errors and console warnings,
 * the last 40 of them; added to a failed test's error, so a failure seen once in CI can be read.
 */
function pageJournal(page: Page): () => string[] {
  const opened = Date.now();
  const lines: string[] = [];
  const note = (line: string) => {
    lines.push(`${String(Date.now() - opened).padStart(7)} ${line}`);
    if (lines.length > 40) lines.shift();
  };
  const started = new Map<unknown, { at: number; what: string }>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (!isApi(request.url())) return;
    const what = `${request.method()} ${new URL(request.url()).pathname}`;
    started.set(request, { at: Date.now(), what });
    note(`→ ${what}`);
  });
  page.on('requestfinished', (request) => {
    if (!isApi(request.url())) return;
    const { at = Date.now(), what = '' } = started.get(request) ?? {};
    started.delete(request);
    // The page may close before the answer is read (the test done): then there is nothing to note.
    request.response().then(
      (response) => note(`← ${response?.status() ?? '?'} ${what} (${Date.now() - at} ms)`),
      () => undefined,
    );
  });
  page.on('requestfailed', (request) => {
    started.delete(request);
    note(`✗ ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`);
  });
  page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`navigated to ${frame.url()}`));
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && note(`console ${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  return () => [...lines, ...[...started.values()].map(({ at, what }) => `(still waiting for ${what}, sent at ${at - opened} ms)`)];
}

/** An e-mail no other test in this run uses, in this file or in one running beside it (another worker, its own counter, the same millisecond). */
export const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}.${randomUUID().slice(0, 8)}@example.com`;

/**
 * The rules whose outcome a colour scheme can change. A scheme changes colours only: the theme is
 * a class on <html> and draws no markup (web/components/theme.tsx), so the page in its other
 * scheme needs these alone (`colourSchemeViolations`); the rest saw the same document.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** The success criteria the browser tests hold every screen to: WCAG 2.2 A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const axeMinified = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core run in the page itself, violations only, as `rule: target` lines (`summary`: with what to
 * fix). Not through @axe-core/playwright: its default opens a blank page for every scan to put the
 * frames' results together (our pages have no frames), most of a scan on a machine where a page is
 * dear (the checklist's full scan 7.4–8.1 s, 1.4–2.0 s in the page). Only the lines cross back.
 * Minified: the 1.5 MB unminified took ~100 ms of a scan to put in the page.
 */
export async function axeViolations(page: Page, { rules, include, summary = false }: { rules?: readonly string[]; include?: string; summary?: boolean } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeMinified);
  return page.evaluate(
    async ({ context, options, summary }) => {
      type Node = { target: string[]; failureSummary?: string };
      type Violation = { id: string; help: string; nodes: Node[] };
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
      const { violations } = await axe.run(context ?? document, options);
      return violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}${summary ? `: ${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim()}` : ''}`),
      );
    },
    {
      context: include ? { include: [include] } : null,
      options: { resultTypes: ['violations'], iframes: false, runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG_TAGS } },
      summary,
    },
  );
}

/**
 * WCAG 2.2 A and AA violations axe-core finds on the page as it stands (an open dialog included),
 * as `rule: target` lines, so a failing test says what to fix. `colourOnly`: the colour rules alone.
 */
export async function accessibilityViolations(page: Page, { colourOnly = false } = {}): Promise<string[]> {
  // Colours caught mid-transition (a colour scheme switched just before) are neither theme's: bring
  // running CSS transitions to their end first (they are finite; spinning animations are left).
  // Finished, not waited for: on a busy machine a 150 ms transition can outlast any fixed wait.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });
  return axeViolations(page, { rules: colourOnly ? COLOUR_RULES : undefined });
}

/**
 * The page switched to `scheme` (left so), and the colour rules' violations there: the page in its
 * other scheme after a full `accessibilityViolations` in its own.
 */
export async function colourSchemeViolations(page: Page, scheme: 'light' | 'dark'): Promise<string[]> {
  await page.emulateMedia({ colorScheme: scheme });
  // Two frames: the new scheme's colour transitions have begun, so accessibilityViolations finishes them.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return accessibilityViolations(page, { colourOnly: true });
}

/**
 * No violation on the page as it stands, in its `scheme` with every rule and in the other with the
 * colour rules; `shoot(scheme)` after each check; the page left in `scheme`.
 */
export async function accessibleInBothSchemes(page: Page, scheme: 'light' | 'dark', shoot?: (scheme: 'light' | 'dark') => Promise<unknown>): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
  await shoot?.(scheme);
  const other = otherScheme(scheme);
  expect(await colourSchemeViolations(page, other)).toEqual([]);
  await shoot?.(other);
  await page.emulateMedia({ colorScheme: scheme });
}
