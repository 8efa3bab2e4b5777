/**
 * `npm run bench:web`: what the checklist page costs to draw — the API calls it makes from
 * navigation until every room shows its items, and the scripts' bytes as the gateway sent them, for a contractor (/project/{id}) and a client
 * (/client-project/{id}) on a new project, in the system Chromium against the local cloud
 * serving a fresh build. Prints; asserts nothing (tests/e2e/checklist.e2e.spec.ts holds the limit).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { repoRoot } from '../infra/paths';

// Built aside, so a test run's dist/web is left alone.
const webDir = mkdtempSync(join(tmpdir(), 'cc-web-load-'));
execFileSync(join(repoRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', webDir, '--emptyOutDir'], { cwd: repoRoot, stdio: 'inherit' });
const cloud = await startLocalCloud({ port: 0, webDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const unique = Date.now().toString(36);
const account = (role: 'contractor' | 'client') => ({
  firstName: 'Bench',
  lastName: role,
  email: `bench.${role}.${unique}@example.com`,
  role,
  password: 'bench-password-1',
  confirmPassword: 'bench-password-1',
});

async function post(page: Page, path: string, data: unknown, method: 'post' | 'put' = 'post') {
  const response = await page.request[method](path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** The token of the verification link the SES emulator captured for this address. */
async function mailedToken(address: string): Promise<string> {
  const { emails } = (await (await fetch(`${cloud.endpoints.ses}/store`)).json()) as { emails: { destination: { to: string[] }; body: { text?: string } }[] };
  for (const email of emails.filter((entry) => entry.destination.to.includes(address)).reverse()) {
    const token = /\/verify-email#token=([\w-]+)/.exec(email.body.text ?? '')?.[1];
    if (token) return token;
  }
  throw new Error(`No verification link for ${address}`);
}

/** The /api/ calls a page makes from navigation until the checklist has drawn (every room's items) and the network is quiet. */
async function callsToDraw(page: Page, path: string) {
  const calls: string[] = [];
  const scripts: Promise<number>[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}')}`);
  });
  // Scripts as sent (compressed or not), whenever they arrive.
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  const started = performance.now();
  await page.goto(path);
  await page.getByRole('heading', { name: 'Bench Project', level: 1 }).waitFor();
  await page.locator('[data-room-id]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-label="Loading items"], [aria-label="Loading rooms"]'));
  const drawnMs = performance.now() - started;
  await page.waitForLoadState('networkidle');
  const counted = new Map<string, number>();
  for (const call of calls) counted.set(call, (counted.get(call) ?? 0) + 1);
  const scriptKb = ((await Promise.all(scripts)).reduce((sum, size) => sum + size, 0) / 1024).toFixed(1);
  return { calls: calls.length, drawnMs: drawnMs.toFixed(0), scriptKbSent: scriptKb, list: [...counted].map(([call, n]) => (n > 1 ? `${call} ×${n}` : call)).join(', ') };
}

try {
  const contractor = await (await browser.newContext({ baseURL: cloud.url })).newPage();
  const client = await (await browser.newContext({ baseURL: cloud.url })).newPage();
  const clientAccount = account('client');
  await post(client, '/api/auth/register', clientAccount);
  await post(client, '/api/auth/verify-email', { token: await mailedToken(clientAccount.email) });
  await post(contractor, '/api/auth/register', account('contractor'));
  const project = await post(contractor, '/api/projects', { name: 'Bench Project', address: '1 Bench Road', clientName: 'Bench Client', clientEmail: clientAccount.email });

  const rows = [
    { role: 'contractor', page: '/project/{id}', ...(await callsToDraw(contractor, `/project/${project.id}`)) },
    { role: 'client', page: '/client-project/{id}', ...(await callsToDraw(client, `/client-project/${project.id}`)) },
  ];
  console.log(`Checklist page: API calls to draw (new project, template rooms) — ${new Date().toISOString()}, local cloud, Chromium:`);
  console.table(rows.map(({ list: _list, ...row }) => row));
  for (const row of rows) console.log(`${row.role}: ${row.list}`);
} finally {
  await browser.close();
  await cloud.stop();
  rmSync(webDir, { recursive: true, force: true });
}
