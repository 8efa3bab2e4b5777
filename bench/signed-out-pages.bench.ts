/**
 * `npm run bench:signed-out` (issue 32): the JavaScript a phone receives before each signed-out page
 * first draws (First Contentful Paint), and when that is, on a first visit: Debian's Chromium with
 * Lighthouse's mobile throttling (150 ms round trip, 1.6 Mbit/s down, CPU 4x slower), no cache.
 * Then each page again with every script refused, to show it draws without any. Goal: 0 KB of
 * script before the first paint of each page (before issue 32 the app drew nothing until its code
 * had come: about 140 KB gzip before /login drew).
 *
 *   npm run bench:signed-out [-- --runs 3] [-- --web DIR] [-- --before DIR]
 *
 * A fresh build of this tree is measured (built aside, dist/web is left alone), or `--web DIR`;
 * `--before DIR` measures another build too (e.g. /tmp/before32/dist/web), run for run in turn
 * with it, so the machine's load falls on both alike. Each build is served as the local gateway
 * serves it (infra/local/gateway/web-app.ts: compressed, its prerendered pages); no API behind
 * it, which no page reads before its first paint.
 *
 * Last column: the layout shift of the first paint on a very slow phone (390 x 844, CPU 32x, the
 * network not throttled), from the first byte until the page is parsed. A page that paints what
 * it has parsed so far moved its centred card as the rest arrived: loads that shifted, of `runs`,
 * and the largest shift (CLS). Goal: none (issue 32: no layout shift).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer, { type Browser } from 'puppeteer-core';
import { webApp } from '../infra/local/gateway/web-app';
import { repoRoot } from '../infra/paths';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, web: { type: 'string' }, before: { type: 'string' } } });
const runs = Math.max(1, Number(values.runs) || 3);
// /verify-email as its mailed link opens it (without a token the app says the link is invalid, another card).
const PAGES = ['/login', '/register', '/forgot-password', '/reset-password', '/verify-email#token=0123456789abcdef0123456789abcdef&email=chris@example.com', '/sign-in-link'];
const GOAL_KB = 0;
/** Lighthouse's mobile profile (its `throttling` defaults), applied for real here rather than simulated. */
const MOBILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };
const SLOW_PHONE_CPU = 32;

const builtDir = values.web ? undefined : mkdtempSync(join(tmpdir(), 'cc-signed-out-'));
if (builtDir) execFileSync(join(repoRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', builtDir, '--emptyOutDir'], { cwd: repoRoot, stdio: 'inherit' });
const trees = [{ name: 'this tree', dir: values.web ?? builtDir! }, ...(values.before ? [{ name: 'before', dir: values.before }] : [])];

interface Draw {
  /** Script bytes received (as sent: compressed) before the first contentful paint. */
  scriptBytes: number;
  fcpMs: number | undefined;
}

const servers = await Promise.all(trees.map(({ dir }) => serve(dir)));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  console.log(`Signed-out pages, first visit on a throttled phone (150 ms RTT, 1.6 Mbit/s, CPU 4x), ${runs} run(s) each, median; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores\n`);
  console.log(`${'page'.padEnd(18)}${trees.map(({ name }) => `${`${name}: JS before FCP`.padEnd(30)}${'FCP'.padEnd(10)}${'FCP, JS refused'.padEnd(18)}${`shifted at ${SLOW_PHONE_CPU}x`.padEnd(20)}`).join('')}`);
  let met = true;
  for (const path of PAGES) {
    const measured = trees.map(() => ({ draws: [] as Draw[], blocked: [] as Draw[], shifts: [] as number[] }));
    for (let run = 0; run < runs; run++) {
      for (const [index, { url }] of servers.entries()) {
        measured[index]!.draws.push(await firstDraw(browser, `${url}${path}`, false));
        measured[index]!.blocked.push(await firstDraw(browser, `${url}${path}`, true));
        measured[index]!.shifts.push(await slowPhoneShift(browser, `${url}${path}`));
      }
    }
    const cells = measured.map(({ draws, blocked, shifts }) => {
      const kb = median(draws.map((draw) => draw.scriptBytes)) / 1024;
      const fcp = median(draws.map((draw) => draw.fcpMs ?? Infinity));
      const fcpBlocked = median(blocked.map((draw) => draw.fcpMs ?? Infinity));
      const shifted = shifts.filter((shift) => shift > 0);
      const shiftText = `${shifted.length} of ${shifts.length}${shifted.length ? `, CLS ≤ ${Math.max(...shifted).toFixed(3)}` : ''}`;
      return { kb, shifted: shifted.length, text: `${`${kb.toFixed(1)} KB`.padEnd(30)}${ms(fcp).padEnd(10)}${ms(fcpBlocked).padEnd(18)}${shiftText.padEnd(20)}` };
    });
    met &&= cells[0]!.kb <= GOAL_KB && cells[0]!.shifted === 0;
    console.log(`${path.replace(/#.*/, '#…').padEnd(18)}${cells.map(({ text }) => text).join('')}`);
  }
  console.log(`\nGoal: ${GOAL_KB} KB of script before each page's first paint, and no shift of it (this tree): ${met ? 'met' : 'NOT met'}. Load average after: ${loadavg()[0]!.toFixed(1)}`);
} finally {
  await browser.close();
  await Promise.all(servers.map(({ server }) => new Promise((resolve) => server.close(resolve))));
  if (builtDir) rmSync(builtDir, { recursive: true, force: true });
}

async function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer(webApp(dir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * One first visit in a fresh incognito context, throttled: the script bytes received before the
 * first contentful paint (CDP's network and lifecycle events share one clock), and its time from
 * navigation. With `refuseScripts`, every script request fails, as with JavaScript blocked.
 */
async function firstDraw(browser: Browser, url: string, refuseScripts: boolean): Promise<Draw> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: MOBILE.latency, downloadThroughput: MOBILE.downloadThroughput, uploadThroughput: MOBILE.uploadThroughput });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpu });
    if (refuseScripts) await cdp.send('Network.setBlockedURLs', { urls: ['*.js'] });
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    const scripts = new Set<string>();
    const received: { requestId: string; timestamp: number; bytes: number }[] = [];
    let navigationStart: number | undefined;
    let fcp: number | undefined;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Script' || /\.m?js(\?|$)/.test(new URL(event.request.url).pathname)) scripts.add(event.requestId);
      if (event.type === 'Document' && navigationStart === undefined) navigationStart = event.timestamp;
    });
    cdp.on('Network.dataReceived', (event) => received.push({ requestId: event.requestId, timestamp: event.timestamp, bytes: event.encodedDataLength }));
    cdp.on('Page.lifecycleEvent', (event) => {
      if (event.name === 'firstContentfulPaint' && fcp === undefined) fcp = event.timestamp;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 }).catch(() => undefined);
    // A page that draws only once its code has run paints after `load`: wait for that paint, or give up
    // (at once with scripts refused: such a page never paints).
    const deadline = Date.now() + (refuseScripts ? 3000 : 15_000);
    while (fcp === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const before = fcp ?? Infinity;
    const scriptBytes = received.filter((chunk) => scripts.has(chunk.requestId) && chunk.timestamp <= before).reduce((sum, chunk) => sum + chunk.bytes, 0);
    return { scriptBytes, fcpMs: fcp !== undefined && navigationStart !== undefined ? (fcp - navigationStart) * 1000 : undefined };
  } finally {
    await context.close();
  }
}

/** The layout shift (CLS) from the first byte until the page is parsed, on a phone's screen with the CPU SLOW_PHONE_CPU times slower. */
async function slowPhoneShift(browser: Browser, url: string): Promise<number> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844 });
    const cdp = await page.createCDPSession();
    await page.evaluateOnNewDocument(() => {
      const shifts = { total: 0 };
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE_CPU });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The last frame of the parsed page, drawn.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    return await page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total);
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function ms(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value)} ms` : 'none';
}
