/**
 * `node --import tsx bench/offline-load.bench.ts`: the repeat visit of
 * a checklist with no network at all (issue 29), served by the service worker (the app) and the
 * query cache kept in IndexedDB (the data), against the same repeat visit online (the app from
 * the worker, the data read afresh). The seeded sample project (`npm start`'s), signed in as the
 * demo contractor, in the system Chromium against the local cloud serving a fresh build. Time:
 * from the navigation's start to the first room card in the page, median and p95 of N runs each,
 * online and offline interleaved. Prints; asserts nothing.
 *
 *   node --import tsx bench/offline-load.bench.ts [--runs 20] [--web DIR]
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page, Route } from 'playwright-core';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { demoAccounts, demoPassword, seedDemoData } from '../infra/local/seed';
import { browserBench } from './browser-bench';
import { median } from './median';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' }, web: { type: 'string' } } });
const runs = Math.max(1, Number(values.runs) || 15);

const { cloud, browser, close } = await browserBench(values.web, 'offline-load');

/** Cuts the person's network, the service worker's fetches included (as tests/support/offline.ts does). */
const abortWorkerFetches = (route: Route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback());
async function setNetwork(context: BrowserContext, online: boolean): Promise<void> {
  if (online) await context.unroute('**/*', abortWorkerFetches);
  else await context.route('**/*', abortWorkerFetches);
  await context.setOffline(!online);
}

/** One repeat visit: reload, and the time from the navigation's start to the first room card (the page's own clock). */
async function visit(page: Page): Promise<{ ms: number; fromWorker: boolean; apiCalls: number }> {
  let apiCalls = 0;
  const count = (request: { url: () => string }) => void (new URL(request.url()).pathname.startsWith('/api/') && apiCalls++);
  page.on('request', count);
  const answer = await page.reload({ waitUntil: 'commit' });
  const ms = await page.waitForFunction(() => (window as { firstRoomAt?: number }).firstRoomAt, undefined, { timeout: 30_000 }).then((handle) => handle.jsonValue() as Promise<number>);
  page.off('request', count);
  return { ms, fromWorker: answer?.fromServiceWorker() ?? false, apiCalls };
}

const p95 = (samples: readonly number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)]!;

try {
  const seeded = await seedDemoData(cloud.url);
  const projectId = seeded.sampleProject?.id;
  if (!projectId) throw new Error('The seed made no sample project');
  const context = await browser.newContext({ baseURL: cloud.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The moment the first room card is in the page, on the page's own clock (0 = the navigation's start).
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[data-room-id]')) return;
      (window as { firstRoomAt?: number }).firstRoomAt = performance.now();
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  const account = demoAccounts[0];
  const signedIn = await page.request.post('/api/auth/login', { data: { email: account.email, password: demoPassword } });
  if (!signedIn.ok()) throw new Error(`Sign-in answered ${signedIn.status()}`);
  await page.request.put('/api/user-session', { data: { userType: account.role, userName: `${account.firstName} ${account.lastName}`, chatOpenedOnce: true } });

  // The first visit, online: the worker installs and takes the page, the checklist is kept on the device.
  await page.goto(`/project/${projectId}`);
  await page.locator('[data-room-id]').first().waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await page.waitForTimeout(2000);

  console.log(`Repeat visit of /project/{id} (the seeded sample project, ${runs} runs each, interleaved), phone viewport; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  const online: number[] = [];
  const offline: number[] = [];
  let offlineFromWorker = 0;
  let offlineApiCalls = 0;
  await visit(page);
  for (let run = 0; run < runs; run++) {
    online.push((await visit(page)).ms);
    await setNetwork(context, false);
    const cut = await visit(page);
    offline.push(cut.ms);
    if (cut.fromWorker) offlineFromWorker++;
    offlineApiCalls += cut.apiCalls;
    await setNetwork(context, true);
    // The app saves what it read a second after; let the online visit's reads settle first.
    await page.waitForTimeout(300);
  }
  const row = (name: string, samples: number[]) => `${name.padEnd(34)} median ${median(samples).toFixed(0).padStart(5)} ms   p95 ${p95(samples).toFixed(0).padStart(5)} ms   (${samples.map((ms) => ms.toFixed(0)).join(', ')})`;
  console.log(row('online (app from the worker, data read)', online));
  console.log(row('offline (worker + kept data)', offline));
  console.log(`offline visits answered by the service worker: ${offlineFromWorker} of ${runs}; API requests made offline: ${offlineApiCalls}`);
} finally {
  await close();
}
