import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { s3 } from '../../functions/adapters/s3';
import { htmlToPdf } from '../../functions/adapters/chromium';
import { config } from '../../functions/config';
import { filenameFromDisposition } from '../../web/components/download';
import { signedUp, uniqueEmail } from '../support/accounts';
import { ApiClient } from '../support/api-client';

/**
 * Export PDF (spec section 7) through the local gateway: the real handler prints with the local
 * Chromium; the PDF is read back with poppler's pdftotext, pdfinfo and pdfimages.
 */

const run = promisify(execFile);
const workDir = mkdtempSync(join(tmpdir(), 'export-pdf-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A real 1×1 PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type Room = { id: string; type: string; name: string };
type Item = { id: string; name: string };

async function newProject(api: ApiClient, overrides: Record<string, unknown> = {}) {
  const answer = await api.post('/api/projects', { name: 'Maple Street Remodel', address: '12 Maple Street, Springfield', clientName: 'Chris Owner', clientEmail: uniqueEmail('owner'), ...overrides });
  expect(answer.status).toBe(201);
  return answer.body as { id: string };
}

async function itemNamed(api: ApiClient, projectId: string, roomType: string, name: string) {
  const rooms = (await api.get(`/api/projects/${projectId}/rooms`)).body as Room[];
  const room = rooms.find((entry) => entry.type === roomType)!;
  const items = (await api.get(`/api/rooms/${room.id}/items`)).body as Item[];
  return items.find((entry) => entry.name === name)!;
}

async function patchItem(api: ApiClient, id: string, patch: Record<string, unknown>) {
  expect((await api.request('PATCH', `/api/checklist-items/${id}`, patch)).status).toBe(200);
}

/** The export as the browser gets it: raw bytes, not JSON. */
async function exportPdf(api: ApiClient, projectId: string) {
  const response = await fetch(`${api.baseUrl}/api/projects/${projectId}/export-pdf`, { method: 'POST', headers: api.cookie ? { cookie: api.cookie } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function pdfFacts(bytes: Buffer) {
  const file = join(workDir, `${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const [{ stdout: text }, { stdout: info }, { stdout: images }] = await Promise.all([
    run('pdftotext', ['-layout', file, '-']),
    run('pdfinfo', [file]),
    run('pdfimages', ['-list', file]),
  ]);
  // Width × height of each picture; pdfimages lists an image's alpha channel as an 'smask' of its own.
  const pictures = images
    .split('\n')
    .slice(2)
    .map((row) => row.trim().split(/\s+/))
    .filter((columns) => columns[2] === 'image')
    .map((columns) => `${columns[3]}x${columns[4]}`);
  return { text, pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), pictures };
}

/**
 * A web server standing in for any address a user might store (on IPv4 and IPv6 loopback): it
 * records every request, and every connection, as Chromium may connect ahead of a request.
 */
async function recordingServer() {
  const requests: string[] = [];
  let connections = 0;
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The same server by other spellings of its address. */
    aliases: ['localhost', '127.1', '2130706433', '[::1]'].map((host) => `http://${host}:${port}`),
    requests,
    connections: () => connections,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('export PDF', () => {
  it("gives the contractor the checklist as a PDF: project, progress, rooms, items, flags, details, photos and page numbers; stored addresses are never fetched", async () => {
    const { api } = await signedUp('contractor');
    const project = await newProject(api);
    const countertops = await itemNamed(api, project.id, 'kitchen', 'Countertops');
    const backsplash = await itemNamed(api, project.id, 'kitchen', 'Backsplash');
    const cabinets = await itemNamed(api, project.id, 'kitchen', 'Kitchen Cabinets');
    const knobs = await itemNamed(api, project.id, 'exterior', 'Door Knobs');

    const photoKey = `objects/${randomUUID()}.png`;
    await s3().send(new PutObjectCommand({ Bucket: config().uploadsBucket, Key: photoKey, Body: png, ContentType: 'image/png' }));
    const outside = await recordingServer();
    try {
      await patchItem(api, countertops.id, {
        purchasesMade: true,
        details: 'Quartz, eased edge',
        referenceLinks: ['https://example.com/quartz', `${outside.url}/link`],
        referenceImages: [`/${photoKey}`, '/objects/no-such-photo.png', `${outside.url}/image.png`, 'http://169.254.169.254/latest/meta-data/'],
      });
      await patchItem(api, backsplash.id, { details: JSON.stringify({ tile: 'White subway 3x6', grout: 'Warm grey' }) });
      await patchItem(api, cabinets.id, { contractorCompleted: true, cabinetDetails: { style: 'Shaker', wood: 'Maple', styleCompleted: true, totalPulls: '24', colorImages: [`${outside.url}/color.png`] } });
      await patchItem(api, knobs.id, { referenceLinks: ['6', '2'] });

      const answer = await exportPdf(api, project.id);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.headers.get('content-disposition')).toBe(
        `attachment; filename="Maple Street Remodel-checklist.pdf"; filename*=UTF-8''Maple%20Street%20Remodel-checklist.pdf`,
      );
      expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');

      const { text, pages, pictures } = await pdfFacts(answer.bytes);
      for (const expected of ['Maple Street Remodel', '12 Maple Street, Springfield', 'Chris Owner', 'Whole Home', 'Interior', 'Kitchens', 'Bedroom 1', 'Kitchen Specifics', 'Plumbing Fixtures']) {
        expect(text).toContain(expected);
      }
      expect(text).toMatch(/SELECTED\s+PURCHASED\s+INSTALLED/);
      // The one flag set before exporting, in its column: Selected No, Purchased Yes, Installed No.
      expect(text).toMatch(/Countertops\s+No\s+Yes\s+No/);
      expect(text).toMatch(/Kitchen Cabinets\s+Yes\s+No\s+No/);
      expect(text).toMatch(/Kitchen Faucet\s+No\s+No\s+No/);
      expect(text).toContain('Details: Quartz, eased edge');
      expect(text).toMatch(/Tile: White subway 3x6\s+Grout: Warm grey/);
      expect(text).toMatch(/Style\s+Shaker\s+Completed/);
      expect(text).toMatch(/Total Passage: 6\s+Total Locking: 2/);
      expect(text).toMatch(/Overall\s+0\/36 · 0%/);
      expect(text).toMatch(/Contractor \(Selected\)\s+1\/36 · 3%/);
      expect(text).toContain('http://169.254.169.254/latest/meta-data/');
      expect(text).toContain('Page 1 of');
      expect(text).toContain(`Page ${pages} of ${pages}`);
      expect(pages).toBeGreaterThan(1);
      // Our upload is in the file; the missing one is listed as a link and said to be left out.
      expect(pictures).toEqual(['1x1']);
      expect(text).toContain('1 photo is not shown in this file');
      // Chromium asked the outside server for nothing: not the image, not the link.
      expect(outside.requests).toEqual([]);
      expect(outside.connections()).toBe(0);
    } finally {
      await outside.close();
    }
  });

  it('prints a page that asks for outside resources without fetching any (the layer under the escaping)', async () => {
    const outside = await recordingServer();
    try {
      const asks = [outside.url, ...outside.aliases].map(
        (url) => `<link rel="stylesheet" href="${url}/style.css"><style>@import url("${url}/import.css"); p { background: url("${url}/background.png"); }</style>
          <img src="${url}/image.png"><iframe src="${url}/frame"></iframe><script src="${url}/script.js"></script>`,
      );
      const html = `<!DOCTYPE html>${asks.join('')}<p>Still printed</p><img src="data:image/png;base64,${png.toString('base64')}">`;
      const { text, pictures } = await pdfFacts(Buffer.from(await htmlToPdf(html, { format: 'letter' })));
      expect(text).toContain('Still printed');
      // The data: picture is drawn (the others show as broken-image icons).
      expect(pictures).toContain('1x1');
      expect(outside.requests).toEqual([]);
      expect(outside.connections()).toBe(0);
    } finally {
      await outside.close();
    }
  });

  it('names the file safely whatever the project is called', async () => {
    const { api } = await signedUp('contractor');
    const name = 'Smith\'s "Dream" Home / Phase 2\\3 – Zürich 🏠 100%';
    const project = await newProject(api, { name });
    const answer = await exportPdf(api, project.id);
    expect(answer.status).toBe(200);
    const header = answer.headers.get('content-disposition')!;
    expect(header).toMatch(/^attachment; filename="[\x20-\x21\x23-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/);
    expect(filenameFromDisposition(header)).toBe('Smith\'s "Dream" Home _ Phase 2_3 – Zürich 🏠 100%-checklist.pdf');
    const plain = /filename="([^"]*)"/.exec(header)![1];
    expect(plain).toBe("Smith's _Dream_ Home _ Phase 2_3 _ Z_rich _ 100_-checklist.pdf");
    expect((await pdfFacts(answer.bytes)).text).toContain('Phase 2\\3 – Zürich');
  });

  it('answers 404 to another contractor, an unassigned client and an unknown id, 401 when signed out, 400 for a malformed id', async () => {
    const owner = await signedUp('contractor');
    const project = await newProject(owner.api);
    const stranger = await signedUp('contractor');
    const client = await signedUp('client');
    for (const api of [stranger.api, client.api]) {
      const answer = await exportPdf(api, project.id);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.bytes.toString())).toEqual({ message: expect.stringMatching(/not found/i) });
    }
    expect((await exportPdf(owner.api, randomUUID())).status).toBe(404);
    expect((await exportPdf(new ApiClient(), project.id)).status).toBe(401);
    const malformed = await exportPdf(owner.api, 'x'.repeat(101));
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.bytes.toString()).fieldErrors).toEqual({ id: ['id is too long'] });
  });
});
