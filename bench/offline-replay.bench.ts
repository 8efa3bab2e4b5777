/**
 * `npm run bench:offline`: the outbox's replay after a long time offline (issue 29). A contractor
 * on a new project in the system Chromium (a fresh build served by the local cloud) goes offline,
 * sets BENCH_COMMANDS (200) flags by clicking them (each one a command in the outbox), then comes
 * back online; measured: the time from the network's return to the header's 'All changes saved',
 * and the requests the page made meanwhile, per command (writes, and the reads that refresh the
 * page after them). Prints; asserts nothing (tests/e2e/field-mode.e2e.spec.ts holds the behaviour).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { repoRoot } from '../infra/paths';

const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

// Built aside, so a test run's dist/web is left alone.
const webDir = mkdtempSync(join(tmpdir(), 'cc-offline-replay-'));
execFileSync(join(repoRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', webDir, '--emptyOutDir'], { cwd: repoRoot, stdio: 'inherit' });
const cloud = await startLocalCloud({ port: 0, webDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** One run: a new contractor and project, COMMANDS flags set offline, then the replay. */
async function run(index: number) {
  const context = await browser.newContext({ baseURL: cloud.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const password = 'bench-password-1';
  const email = `bench.offline.${Date.now().toString(36)}.${index}@example.com`;
  const registered = await page.request.post('/api/auth/register', { data: { firstName: 'Bench', lastName: 'Contractor', email, role: 'contractor', password, confirmPassword: password } });
  if (!registered.ok()) throw new Error(`register: ${registered.status()}`);
  await page.request.put('/api/user-session', { data: { userType: 'contractor', userName: 'Bench Contractor', chatOpenedOnce: true } });
  const project = (await (await page.request.post('/api/projects', { data: { name: 'Replay', address: '1 Replay Road', clientName: 'Client' } })).json()) as { id: string };

  await page.goto(`/project/${project.id}`);
  const status = page.getByRole('banner').getByTestId('sync-text');
  await page.waitForFunction(() => document.querySelectorAll('[data-room-id]:not(:has(article[data-item-id]))').length === 0 && document.querySelectorAll('[data-room-id]').length > 0);
  await page.waitForFunction(() => document.querySelector('[data-testid="sync-text"]')?.textContent === 'All changes saved');
  // Every box a contractor may set (Selected and Purchased of each item), drawn.
  await page.addStyleTag({ content: '.item-card { content-visibility: visible !important; }' });
  const boxes = page.locator('article[data-item-id] input.flag-box:not([disabled])');
  const count = await boxes.count();

  await context.setOffline(true);
  // Set to a value each time (ticked, cleared, ticked…): every click is a command and, on the server, an event.
  for (let i = 0; i < COMMANDS; i++) await boxes.nth(i % count).click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="sync-text"]')?.textContent === `Offline — ${n} changes waiting`, COMMANDS);

  const requests = { writes: 0, reads: 0 };
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    if (request.method() === 'GET') requests.reads++;
    else requests.writes++;
  });
  const started = performance.now();
  await context.setOffline(false);
  await page.waitForFunction(() => document.querySelector('[data-testid="sync-text"]')?.textContent === 'All changes saved', undefined, { timeout: 300_000 });
  const saved = performance.now() - started;
  // The reads that follow the last answer (the page refreshed) settle a moment later.
  await page.waitForLoadState('networkidle');
  const text = await status.textContent();
  await context.close();
  return { saved, ...requests, text };
}

try {
  const results = [];
  for (let i = 0; i < RUNS; i++) results.push(await run(i));
  console.log(`Offline replay — ${new Date().toISOString()} — node ${process.version} — Chromium, local gateway, DynamoDB Local — ${COMMANDS} commands queued offline`);
  console.table(
    results.map((result, i) => ({
      run: i + 1,
      "to 'All changes saved' (ms)": result.saved.toFixed(0),
      'ms per command': (result.saved / COMMANDS).toFixed(1),
      'writes per command': (result.writes / COMMANDS).toFixed(2),
      'reads per command': (result.reads / COMMANDS).toFixed(2),
      'round trips per command': ((result.writes + result.reads) / COMMANDS).toFixed(2),
      indicator: result.text,
    })),
  );
} finally {
  await browser.close();
  await cloud.stop();
  rmSync(webDir, { recursive: true, force: true });
}
