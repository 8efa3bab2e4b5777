/**
 * `npm run bench:lighthouse`: Lighthouse's Performance, Accessibility and Best Practices scores
 * of the signed-in checklist page, on the sample project `npm start` seeds (infra/local/seed.ts),
 * in Debian's Chromium against the embedded local cloud serving a fresh build. Desktop preset,
 * then Lighthouse's default (a throttled mid-range phone). Prints the scores and, for a category
 * short of 100, the audits that cost it points. Asserts nothing. Lighthouse 12 (13 needs Node 22).
 *
 *   npm run bench:lighthouse [-- --runs 3] [-- --client] [-- --preset mobile] [-- --trace] [-- --web DIR] [-- --page PATH]
 *
 * `--page PATH` measures that page signed out instead (issue 32: `/login`, `/verify-email#token=…`,
 * a first visit from an e-mailed link), without the PWA checks, which look for the checklist.
 * `--trace` also keeps each run's trace (the main thread's tasks as Lighthouse measured them) next to its report.
 * `--web DIR` measures a build made before (`vite build --outDir DIR`), to compare two trees in one sitting.
 *
 * Lighthouse 12 has no PWA category any more; what it checked is printed after the scores, found
 * by Chromium itself (issue 29): the manifest makes the app installable (CDP
 * Page.getInstallabilityErrors answers none), a service worker controls the page, and the page
 * starts with no network at all (the page's and the worker's cut): 200, with its room cards.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { demoAccounts, demoPassword, seedDemoData } from '../infra/local/seed';
import { repoRoot } from '../infra/paths';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, client: { type: 'boolean', default: false }, preset: { type: 'string' }, trace: { type: 'boolean', default: false }, web: { type: 'string' }, page: { type: 'string' } } });
const runs = Math.max(1, Number(values.runs) || 1);
const categories = ['performance', 'accessibility', 'best-practices'] as const;
const GOAL = 95;

// Built aside, so a test run's dist/web is left alone.
const webDir = values.web ?? mkdtempSync(join(tmpdir(), 'cc-lighthouse-'));
if (!values.web) execFileSync(join(repoRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', webDir, '--emptyOutDir'], { cwd: repoRoot, stdio: 'inherit' });
const cloud = await startLocalCloud({ port: 0, webDir });
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

try {
  const seeded = await seedDemoData(cloud.url);
  const projectId = seeded.sampleProject?.id;
  if (!projectId) throw new Error('The seed made no sample project');
  const account = values.client ? demoAccounts[1] : demoAccounts[0];
  const path = values.page ?? (values.client ? `/client-project/${projectId}` : `/project/${projectId}`);
  const cookie = values.page ? undefined : await signIn(account.email);
  // The chat welcome is for a first visit: the page is measured as it is every day after.
  if (cookie) await fetch(`${cloud.url}/api/user-session`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ userType: account.role, userName: `${account.firstName} ${account.lastName}`, chatOpenedOnce: true }),
  });

  // Lighthouse simulates a slow phone from the main thread's measured work: a busy machine costs points.
  const who = cookie ? `signed in as the demo ${account.role} (the seeded sample project)` : 'signed out';
  console.log(`Lighthouse on ${path} ${who}, ${runs} run(s) a preset; median shown; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores\n`);
  for (const preset of (['desktop', 'mobile'] as const).filter((preset) => !values.preset || preset === values.preset)) {
    const measured: Awaited<ReturnType<typeof audit>>[] = [];
    for (let run = 0; run < runs; run++) measured.push(await audit(`${cloud.url}${path}`, cookie, preset));
    const results = measured.map(({ lhr }) => lhr);
    const median = (category: (typeof categories)[number]) => {
      const scores = results.map((result) => Math.round((result.categories[category]?.score ?? 0) * 100)).sort((a, b) => a - b);
      return { median: scores[Math.floor(scores.length / 2)]!, all: scores };
    };
    console.log(`${preset.padEnd(8)} ${categories.map((category) => `${category} ${median(category).median}${runs > 1 ? ` (${median(category).all.join(', ')})` : ''}`).join('   ')}`);
    const last = results.at(-1)!;
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
    console.log(`         ${metrics.map((id) => `${last.audits[id]?.title ?? id}: ${last.audits[id]?.displayValue ?? '-'}`).join(', ')}`);
    // What costs points, for every category short of 100 (the goal is 95).
    for (const category of categories) {
      const score = median(category).median;
      if (score === 100) continue;
      for (const line of blamed(last, category)) console.log(`         ${category} ${score}${score < GOAL ? ` < ${GOAL}` : ''}: ${line}`);
    }
    console.log(`         load average after: ${loadavg()[0]!.toFixed(1)}`);
    // Every run's report: the slow one is the one to read.
    const reportPath = (run: number) => join(tmpdir(), `lighthouse-${values.page ? 'signed-out' : values.client ? 'client' : 'contractor'}-${preset}${run === results.length - 1 ? '' : `-${run + 1}`}.json`);
    results.forEach((result, run) => writeFileSync(reportPath(run), JSON.stringify(result)));
    if (values.trace) measured.forEach(({ trace }, run) => writeFileSync(reportPath(run).replace(/\.json$/, '.trace.json'), JSON.stringify(trace)));
    console.log(`         full reports: ${results.map((_, run) => reportPath(run)).join(', ')}\n`);
  }
  if (cookie) console.log(`PWA      ${await pwaChecks(`${cloud.url}${path}`, cookie)}\n`);
} finally {
  await browser.close();
  await cloud.stop();
  if (!values.web) rmSync(webDir, { recursive: true, force: true });
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${cloud.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: demoPassword }) });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`Signing in ${email} answered ${response.status}`);
  return cookie;
}

/** One Lighthouse run in a fresh tab, signed in (unless `cookie` is undefined): the session cookie in the browser (Lighthouse's storage reset keeps cookies), so the page's WebSocket has it too. */
async function audit(url: string, cookie: string | undefined, preset: 'desktop' | 'mobile'): Promise<{ lhr: Result; trace: unknown }> {
  if (cookie) {
    const [name = '', value = ''] = cookie.split('=', 2);
    await browser.setCookie({ name, value, domain: new URL(url).hostname, path: '/', httpOnly: true });
  }
  const page = await browser.newPage();
  try {
    const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: [...categories] };
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const answer = await lighthouse(url, flags, config, page);
    if (!answer) throw new Error('Lighthouse gave no result');
    if (answer.lhr.runtimeError) throw new Error(`Lighthouse: ${answer.lhr.runtimeError.message}`);
    return { lhr: answer.lhr, trace: answer.artifacts.Trace };
  } finally {
    await page.close();
  }
}

/**
 * The PWA checks Lighthouse 12 dropped, by Chromium's own means, on a fresh tab signed in: the
 * page is opened online until a service worker controls it, then reloaded with the network cut
 * for the page and for the worker (a page's offline mode alone leaves the worker's fetches alone).
 */
async function pwaChecks(url: string, cookie: string): Promise<string> {
  const [name = '', value = ''] = cookie.split('=', 2);
  await browser.setCookie({ name, value, domain: new URL(url).hostname, path: '/', httpOnly: true });
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('[data-room-id]');
    // A build without a worker (an older tree, with `--web`) has none to wait for.
    const registered = await page.evaluate(() => Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]));
    if (registered && !(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload({ waitUntil: 'load' });
    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
    const session = await page.createCDPSession();
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    const errors = installabilityErrors.map((error) => error.errorId);
    // The page's reads are kept on the device once the page is idle (web/offline/cache/persist.ts).
    if (registered) await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const opening = indexedDB.open('cc-query-cache');
          opening.onerror = () => resolve(false);
          opening.onsuccess = () => {
            const db = opening.result;
            if (!db.objectStoreNames.contains('queries')) return (db.close(), resolve(false));
            const read = db.transaction('queries').objectStore('queries').get('query-client');
            read.onsuccess = () => (db.close(), resolve(typeof read.result === 'string' && read.result.includes('"checklist"')));
            read.onerror = () => (db.close(), resolve(false));
          };
        }),
      { polling: 500, timeout: 20_000 },
    ).catch(() => undefined);
    const offline = await startOffline(page);
    return [
      `installable: ${errors.length === 0 ? 'yes (no installability errors)' : `no (${errors.join(', ')})`}`,
      `service worker controls the page: ${controlled ? 'yes' : 'no'}`,
      `offline start: ${offline}`,
    ].join('   ');
  } finally {
    await page.close();
  }
}

/** Reloads `page` with no network (its own and its service worker's): the answer's status and what drew. */
async function startOffline(page: Page): Promise<string> {
  const conditions = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  // The page's own session and each worker's: puppeteer's setOfflineMode alone did not outlive the reload here.
  const workers = browser.targets().filter((target) => target.type() === 'service_worker');
  const sessions = [await page.createCDPSession(), ...(await Promise.all(workers.map((worker) => worker.createCDPSession())))];
  for (const session of sessions) {
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', conditions);
  }
  await page.setOfflineMode(true);
  try {
    const answer = await page.reload({ waitUntil: 'load' });
    const rooms = await page
      .waitForSelector('[data-room-id]', { timeout: 15_000 })
      // The rooms come a group at a time: counted once they have all come.
      .then(() => new Promise((resolve) => setTimeout(resolve, 2000)))
      .then(() => page.$$eval('[data-room-id]', (cards) => cards.length))
      .catch(() => 0);
    return `${answer?.status() ?? 'no answer'}${answer?.fromServiceWorker() ? ' from the service worker' : ''}, ${rooms} room cards`;
  } finally {
    await page.setOfflineMode(false);
    for (const session of sessions) await session.send('Network.emulateNetworkConditions', { ...conditions, offline: false }).catch(() => undefined);
  }
}

/** The audits that cost a category points, heaviest first: title, the figure, and what failed. */
function blamed(result: Result, category: (typeof categories)[number]): string[] {
  const refs = result.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: result.audits[ref.id]! }))
    .filter(({ ref, audit }) => audit && audit.score !== null && audit.score < (category === 'performance' ? 0.9 : 1) && (ref.weight > 0 || category === 'performance'))
    .sort((a, b) => b.ref.weight * (1 - (b.audit.score ?? 0)) - a.ref.weight * (1 - (a.audit.score ?? 0)))
    .slice(0, 8)
    .map(({ ref, audit }) => {
      const items = (audit.details as { items?: { node?: { selector?: string }; url?: string }[] } | undefined)?.items ?? [];
      const where = items.slice(0, 3).map((item) => item.node?.selector ?? item.url).filter(Boolean);
      return `${audit.title} [${ref.id}, score ${Math.round((audit.score ?? 0) * 100)}${ref.weight ? `, weight ${ref.weight}` : ''}]${audit.displayValue ? ` ${audit.displayValue}` : ''}${where.length ? ` at ${where.join(' | ')}` : ''}`;
    });
}
