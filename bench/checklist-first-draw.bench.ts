/**
 * `node --import tsx bench/checklist-first-draw.bench.ts [-- --web DIR] [-- --runs N]`: the JavaScript
 * the checklist's first visit loads, measured in Chromium rather than read from the build's
 * manifest: the scripts the page had received when its first room card was drawn, and all it had
 * received once the network went idle, for the contractor (/project/{id}) and the client
 * (/client-project/{id}) on the sample project `npm start` seeds. A fresh browser context per
 * visit (no HTTP cache, no service worker yet). Sizes are each file gzipped from the build (the
 * goals' unit) and as the gateway sent it (brotli). `--web DIR` measures a build made before, to
 * set two trees side by side. Prints figures and whether they meet issue 32's goals; asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { demoAccounts, demoPassword, seedDemoData } from '../infra/local/seed';
import { browserBench } from './browser-bench';
import { median } from './median';

const GOAL_FIRST_CARD_KB = 120;
const GOAL_IDLE_KB = 160;

const { values } = parseArgs({ options: { web: { type: 'string' }, runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(values.runs) || 1);

const { webDir, cloud, browser, close } = await browserBench(values.web, 'first-draw');

const gzipKb = new Map<string, number>();
/** A script's size gzipped, from the build it was served from. */
function gzipOf(pathname: string): number {
  if (!gzipKb.has(pathname)) gzipKb.set(pathname, gzipSync(readFileSync(join(webDir, pathname))).length / 1024);
  return gzipKb.get(pathname)!;
}

interface ScriptEntry {
  path: string;
  responseEnd: number;
  sentBytes: number;
}

/** One first visit: the scripts received before the first room card, and by network idle. */
async function visit(path: string, cookie: string) {
  const context = await browser.newContext({ baseURL: cloud.url, viewport: { width: 412, height: 823 } });
  try {
    const [name = '', value = ''] = cookie.split('=', 2);
    await context.addCookies([{ name, value, url: cloud.url }]);
    // The moment the first room card is in the document, on the page's own clock.
    // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
    await context.addInitScript(`
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-room-id]')) return;
        window.firstCardAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    `);
    const page = await context.newPage();
    await page.goto(path);
    await page.locator('[data-room-id]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const { firstCardAt, scripts } = await page.evaluate(() => ({
      firstCardAt: (window as unknown as { firstCardAt: number }).firstCardAt,
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === 'script' || entry.initiatorType === 'link' || /\.js(\?|$)/.test(entry.name))
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, responseEnd: entry.responseEnd, sentBytes: entry.encodedBodySize })),
    }));
    const before = scripts.filter((script: ScriptEntry) => script.responseEnd <= firstCardAt);
    const sum = (list: ScriptEntry[], size: (script: ScriptEntry) => number) => list.reduce((total, script) => total + size(script), 0);
    return {
      firstCardMs: firstCardAt,
      firstCardFiles: before.length,
      firstCardGzipKb: sum(before, (script) => gzipOf(script.path)),
      firstCardSentKb: sum(before, (script) => script.sentBytes / 1024),
      idleFiles: scripts.length,
      idleGzipKb: sum(scripts, (script) => gzipOf(script.path)),
      idleSentKb: sum(scripts, (script) => script.sentBytes / 1024),
      afterFiles: scripts
        .filter((script: ScriptEntry) => script.responseEnd > firstCardAt)
        .map((script: ScriptEntry) => `${script.path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${gzipOf(script.path).toFixed(1)}`),
      beforeFiles: before
        .sort((a, b) => gzipOf(b.path) - gzipOf(a.path))
        .map((script: ScriptEntry) => `${script.path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${gzipOf(script.path).toFixed(1)}`),
    };
  } finally {
    await context.close();
  }
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${cloud.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: demoPassword }) });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`Signing in ${email} answered ${response.status}`);
  return cookie;
}

try {
  const seeded = await seedDemoData(cloud.url);
  const projectId = seeded.sampleProject?.id;
  if (!projectId) throw new Error('The seed made no sample project');
  const roles = [
    { role: 'contractor', path: `/project/${projectId}`, account: demoAccounts[0] },
    { role: 'client', path: `/client-project/${projectId}`, account: demoAccounts[1] },
  ] as const;
  console.log(`Checklist first draw — ${new Date().toISOString()}, build ${webDir}, ${runs} visit(s) a role, load ${loadavg()[0]!.toFixed(1)}`);
  const rows = [];
  for (const { role, path, account } of roles) {
    const cookie = await signIn(account.email);
    // The chat welcome is for a first visit (its dialog brings the forms' code): the page is measured as it is every day after, as bench/lighthouse.bench.ts does.
    await fetch(`${cloud.url}/api/user-session`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ userType: account.role, userName: `${account.firstName} ${account.lastName}`, chatOpenedOnce: true }),
    });
    const visits = [];
    for (let run = 0; run < runs; run++) visits.push(await visit(path, cookie));
    const last = visits.at(-1)!;
    const firstCard = median(visits.map((one) => one.firstCardGzipKb));
    const idle = median(visits.map((one) => one.idleGzipKb));
    rows.push({
      role,
      'files before card': last.firstCardFiles,
      'KB gzip before card': +firstCard.toFixed(1),
      'KB sent before card': +median(visits.map((one) => one.firstCardSentKb)).toFixed(1),
      [`≤ ${GOAL_FIRST_CARD_KB}`]: firstCard <= GOAL_FIRST_CARD_KB ? 'met' : 'NOT met',
      'files by idle': last.idleFiles,
      'KB gzip by idle': +idle.toFixed(1),
      'KB sent by idle': +median(visits.map((one) => one.idleSentKb)).toFixed(1),
      [`≤ ${GOAL_IDLE_KB}`]: idle <= GOAL_IDLE_KB ? 'met' : 'NOT met',
      'first card ms': Math.round(median(visits.map((one) => one.firstCardMs))),
    });
    console.log(`${role} before the first card: ${last.beforeFiles.join(', ')}`);
    console.log(`${role} after it, by idle: ${last.afterFiles.join(', ') || 'none'}`);
  }
  console.table(rows);
} finally {
  await close();
}
