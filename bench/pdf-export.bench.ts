/**
 * `npm run bench:pdf`: what Export PDF costs through the real handler on the local cloud, for a
 * project of ~300 items with details, links and uploaded photos: the first export of a fresh
 * process (handler import and Chromium launch included), then warm exports (p50 / p95), and the
 * file: size, pages, pictures in it and photos left out. Local Chromium and DynamoDB Local on this
 * machine, not Lambda figures. Prints; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import puppeteer from 'puppeteer-core';

process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
import { startLocalCloud } from '../infra/local/cloud';
import { signedInApi } from './signed-in-api';

const TARGET_ITEMS = Number(process.env.BENCH_ITEMS ?? 300);
const WARM_CALLS = Number(process.env.BENCH_REPEAT ?? 10);
/** Every how many items one gets photos, and how many. */
const PHOTO_EVERY = 5;
const PHOTOS_PER_ITEM = 2;

const cloud = await startLocalCloud({ port: 0 });
// Imported after the cloud has set the environment the handlers read.
const { s3 } = await import('../functions/adapters/s3');
const { config } = await import('../functions/config');
const workDir = mkdtempSync(join(tmpdir(), 'pdf-bench-'));

const api = signedInApi(cloud.url);
const json = async (method: string, path: string, body?: unknown) => (await api(method, path, body)).json();

/** Photo-like JPEGs of a few sizes (noise over a gradient compresses like a photo, not like flat colour). */
async function makePhotos(): Promise<Buffer[]> {
  const browser = await puppeteer.launch({ executablePath: config().chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], headless: true });
  try {
    const photos: Buffer[] = [];
    const sizes = [
      [480, 360],
      [800, 600],
      [1024, 768],
    ] as const;
    for (const [index, [width, height]] of sizes.entries()) {
      const page = await browser.newPage();
      await page.setViewport({ width, height });
      await page.setContent(`<body style="margin:0;background:linear-gradient(${index * 40}deg, #6b7f5e, #d8d2c4 55%, #8a6f55)">
        <canvas id="c" width="${width}" height="${height}" style="display:block;opacity:.3"></canvas>
        <script>const c=document.getElementById('c').getContext('2d');const d=c.createImageData(${width},${height});
        for(let i=0;i<d.data.length;i+=4){const v=Math.random()*255;d.data[i]=d.data[i+1]=d.data[i+2]=v;d.data[i+3]=255}c.putImageData(d,0,0)</script></body>`);
      await page.evaluate(() => new Promise(requestAnimationFrame));
      photos.push(Buffer.from(await page.screenshot({ type: 'jpeg', quality: 70 })));
    }
    return photos;
  } finally {
    await browser.close();
  }
}

async function uploadPhoto(bytes: Buffer): Promise<string> {
  const key = `objects/${randomUUID()}.jpg`;
  await s3().send(new PutObjectCommand({ Bucket: config().uploadsBucket, Key: key, Body: bytes, ContentType: 'image/jpeg' }));
  return `/${key}`;
}

/** A project of TARGET_ITEMS items: the template's, plus standard items spread over its rooms. */
async function benchProject(photos: Buffer[]) {
  await api('POST', '/api/auth/register', { firstName: 'Bench', lastName: 'Contractor', email: `bench.${randomUUID().slice(0, 8)}@example.com`, role: 'contractor', password: 'bench-password', confirmPassword: 'bench-password' });
  const project = await json('POST', '/api/projects', { name: 'Bench Lane Remodel', address: '1 Bench Road, Springfield', clientName: 'Client Person' });
  const rooms = (await json('GET', `/api/projects/${project.id}/rooms`)) as { id: string }[];
  const { total } = await json('GET', `/api/projects/${project.id}/stats`);
  let photoBytes = 0;
  let photoCount = 0;
  for (let i = 0; total + i < TARGET_ITEMS; i++) {
    const room = rooms[i % rooms.length]!;
    const item = await json('POST', '/api/checklist-items', {
      roomId: room.id,
      category: 'standard',
      name: `Finish ${i + 1}`,
      details: i % 2 ? `Supplier quote #${1000 + i}; colour to be confirmed on site. Lead time about ${2 + (i % 6)} weeks.` : '',
    });
    const patch: Record<string, unknown> = { purchasesMade: i % 3 === 0, contractorCompleted: i % 4 === 0 };
    if (i % 3 === 1) patch.referenceLinks = [`https://supplier.example/products/${i}`];
    if (i % PHOTO_EVERY === 0) {
      const chosen = Array.from({ length: PHOTOS_PER_ITEM }, (_, n) => photos[(i + n) % photos.length]!);
      patch.referenceImages = await Promise.all(chosen.map(uploadPhoto));
      photoBytes += chosen.reduce((sum, photo) => sum + photo.length, 0);
      photoCount += chosen.length;
    }
    await api('PATCH', `/api/checklist-items/${item.id}`, patch);
  }
  const items = (await json('GET', `/api/projects/${project.id}/stats`)).total as number;
  return { projectId: project.id as string, items, photoCount, photoBytes };
}

async function exportOnce(projectId: string) {
  const started = performance.now();
  const response = await api('POST', `/api/projects/${projectId}/export-pdf`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, bytes };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

try {
  const photos = await makePhotos();
  const setupStarted = performance.now();
  const { projectId, items, photoCount, photoBytes } = await benchProject(photos);
  const setupMs = performance.now() - setupStarted;

  const cold = await exportOnce(projectId);
  const warm: number[] = [];
  let last = cold.bytes;
  for (let i = 0; i < WARM_CALLS; i++) {
    const run = await exportOnce(projectId);
    warm.push(run.ms);
    last = run.bytes;
  }
  warm.sort((a, b) => a - b);

  const file = join(workDir, 'bench.pdf');
  writeFileSync(file, last);
  const pages = /^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file]).toString())?.[1];
  const pictures = execFileSync('pdfimages', ['-list', file]).toString().split('\n').slice(2).filter((row) => row.trim().split(/\s+/)[2] === 'image').length;
  const leftOut = /(\d+) photos? (?:is|are) not shown/.exec(execFileSync('pdftotext', [file, '-']).toString())?.[1] ?? '0';

  console.log(`PDF export bench — ${new Date().toISOString()} — node ${process.version} — local Chromium (${config().chromiumPath}), DynamoDB Local and s3rver through the local gateway; not Lambda figures`);
  console.log(`project: ${items} items, ${photoCount} uploaded photos (${kb(photoBytes)}, sizes ${photos.map((photo) => kb(photo.length)).join(' / ')}); set up in ${(setupMs / 1000).toFixed(1)} s`);
  console.table([
    { export: 'cold (first in this process: handler import + Chromium launch)', ms: cold.ms.toFixed(0) },
    { export: `warm p50 (${WARM_CALLS} calls)`, ms: percentile(warm, 50).toFixed(0) },
    { export: `warm p95 (${WARM_CALLS} calls)`, ms: percentile(warm, 95).toFixed(0) },
    { export: 'warm max', ms: warm.at(-1)!.toFixed(0) },
  ]);
  console.log(`PDF: ${kb(last.length)} (${kb(Math.ceil(last.length / 3) * 4)} as the base64 Lambda answer, limit 6 MB), ${pages} pages, ${pictures} photos in it, ${leftOut} left out (budget)`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
  await cloud.stop();
}
