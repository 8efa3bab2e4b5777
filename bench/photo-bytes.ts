/**
 * `npm run bench:photo-bytes`: the image bytes (and requests) a checklist with 100 photos loads
 * (issue 30), in the system Chromium against the local cloud serving a fresh build: a contractor's
 * new project with 100 published photos (phone-sized JPEGs, 5 on each of 20 items), opened in a
 * 1280 × 800 window, counted once drawn (the first screen) and again after scrolling to the end.
 *
 * - before: the full images, as the checklist drew them until issue 30 (lazily too); measured by
 *   answering each thumbnail's request with its full image (the same request, without ?size=thumb);
 * - after: the thumbnails (`?size=thumb`), lazily.
 *
 * Prints; asserts nothing. `--photos=N` changes the count (default 100).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Cookie, type Page } from 'playwright-core';
import sharp from 'sharp';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { startLocalCloud } from '../infra/local/cloud';
import { repoRoot } from '../infra/paths';

const PHOTOS = Number(process.argv.find((arg) => arg.startsWith('--photos='))?.split('=')[1] ?? 100);
const PER_ITEM = 5;

// Built aside, so a test run's dist/web is left alone.
const webDir = mkdtempSync(join(tmpdir(), 'cc-photo-bytes-'));
execFileSync(join(repoRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', webDir, '--emptyOutDir'], { cwd: repoRoot, stdio: 'inherit' });
const cloud = await startLocalCloud({ port: 0, webDir });
const browser: Browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** A phone-like photo: 2000 × 1500, noisy (so JPEG cannot shrink it to nothing), each one a little different. */
async function phonePhoto(n: number): Promise<Buffer> {
  const noise = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 110 + (n % 40), sigma: 28 } } })
    .png()
    .toBuffer();
  return sharp(noise).jpeg({ quality: 82 }).toBuffer();
}

async function ok(response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }, what: string) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** Seeds the project: PHOTOS photos uploaded and published as the app does, PER_ITEM on each item. */
async function seed(page: Page): Promise<string> {
  const unique = Date.now().toString(36);
  await ok(await page.request.post('/api/auth/register', { data: { firstName: 'Bench', lastName: 'Photos', email: `bench.photos.${unique}@example.com`, role: 'contractor', password: 'bench-password-1', confirmPassword: 'bench-password-1' } }), 'register');
  await ok(await page.request.put('/api/user-session', { data: { userType: 'contractor', userName: 'Bench Photos', chatOpenedOnce: true } }), 'session');
  const project = await ok(await page.request.post('/api/projects', { data: { name: 'Bench Photos', address: '1 Bench Road', clientName: 'Bench Client' } }), 'project');
  const projectId = project.id as string;
  const checklist = (await ok(await page.request.get(`/api/projects/${projectId}/checklist`), 'checklist')) as unknown as { rooms: { items: { id: string }[] }[] };
  const items = checklist.rooms.flatMap((room) => room.items);
  const photos = await Promise.all(Array.from({ length: 4 }, (_, n) => phonePhoto(n)));
  for (let start = 0; start < PHOTOS; start += PER_ITEM) {
    const item = items[(start / PER_ITEM) % items.length]!;
    const paths: string[] = [];
    for (let n = start; n < Math.min(PHOTOS, start + PER_ITEM); n++) {
      const file = photos[n % photos.length]!;
      const { uploadURL, fields } = (await ok(await page.request.post('/api/objects/upload'), 'upload form')) as { uploadURL: string; fields: Record<string, string> };
      const posted = await page.request.post(uploadURL, { multipart: { ...fields, 'Content-Type': 'image/jpeg', file: { name: `site-${n}.jpg`, mimeType: 'image/jpeg', buffer: file } } });
      if (posted.status() >= 300) throw new Error(`storage POST: ${posted.status()} ${await posted.text()}`);
      const published = await ok(
        await page.request.put('/api/objects/acl', { data: { objectURL: `${uploadURL}/${fields.key}`, visibility: 'public', itemId: item.id, projectId, bytes: file.length } }),
        'publish',
      );
      paths.push(published.objectPath as string);
    }
    await ok(await page.request.patch(`/api/checklist-items/${item.id}`, { data: { referenceImages: paths } }), 'add photos');
  }
  return projectId;
}

/** Image responses' bytes and count, once the checklist has drawn, then after scrolling to the end. */
async function measure(projectId: string, way: 'before' | 'after', session: Cookie[]) {
  // A fresh context each time (nothing cached), signed in as the seeder; no service worker (its photo cache would answer).
  const context = await browser.newContext({ baseURL: cloud.url, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await context.addCookies(session);
  const page = await context.newPage();
  const images: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'image' && new URL(request.url()).pathname.startsWith('/objects/')) images.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  // Before issue 30 the checklist drew each photo from its full image: the same request, answered with it.
  if (way === 'before') await page.route('**/objects/**', (route) => route.continue({ url: route.request().url().replace(/\?size=thumb$/, '') }));
  // Settled: every photo given a source has loaded and no image request came for a second (the lazy ones start late).
  const counted = async () => {
    let seen = -1;
    while (seen !== images.length) {
      seen = images.length;
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('img[src^="/objects/"]')].every((img) => img.complete), undefined, { timeout: 120_000 });
      await page.waitForTimeout(1000);
    }
    const sizes = await Promise.all(images);
    return { requests: sizes.length, kb: Math.round(sizes.reduce((sum, size) => sum + size, 0) / 1024) };
  };
  await page.goto(`/project/${projectId}`);
  await page.locator('[data-room-id]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-label="Loading items"], [aria-label="Loading rooms"]'));
  const first = await counted();
  // The photos the first screen shows (their box within the window), against those its lazy loading fetched (the browser's own margin below it).
  const inView = await page.evaluate(
    () => [...document.querySelectorAll<HTMLImageElement>('img[src^="/objects/"]')].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
    }).length,
  );
  // To the end, a screen at a time, so every lazy image comes near the viewport once.
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 700) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  const all = await counted();
  await context.close();
  return { way, shownOnFirstScreen: inView, firstScreenRequests: first.requests, firstScreenKB: first.kb, scrolledRequests: all.requests, scrolledKB: all.kb };
}

try {
  const seeder = await (await browser.newContext({ baseURL: cloud.url })).newPage();
  const started = performance.now();
  const projectId = await seed(seeder);
  const session = await seeder.context().cookies();
  console.log(`Seeded ${PHOTOS} photos in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  const rows = [await measure(projectId, 'before', session), await measure(projectId, 'after', session)];
  console.log(`Checklist with ${PHOTOS} photos (${PER_ITEM} per item), 1280×800, image bytes as sent — ${new Date().toISOString()}, local cloud, Chromium:`);
  console.table(rows);
} finally {
  await browser.close();
  await cloud.stop();
  rmSync(webDir, { recursive: true, force: true });
}
