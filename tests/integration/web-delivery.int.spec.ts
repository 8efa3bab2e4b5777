import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rawGet } from '../support/raw-get';
import { webDistDir } from '../../infra/paths';

/**
 * How the local gateway delivers the built web app (issue 14), as CloudFront does in AWS:
 * compressed as the browser accepts, hashed assets cached for a year, index.html revalidated.
 */

const indexHtml = () => readFileSync(join(webDistDir, 'index.html'));
/** The largest script index.html loads (the main bundle; the bundler's runtime beside it is a few hundred bytes). */
const entryScript = () =>
  [...indexHtml().toString().matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!).sort((a, b) => statSync(join(webDistDir, b)).size - statSync(join(webDistDir, a)).size)[0]!;

describe('the web app as the gateway serves it', () => {
  it.each(['/', '/project/some-project'])('%s: index.html, revalidated on every load (under 1 KB: sent as it is)', async (path) => {
    const response = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('no-cache');
    // Since issue 16 the page names 3 files (about 560 bytes): below 1 KB compressing saves nothing.
    expect(indexHtml().length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.equals(indexHtml())).toBe(true);
  });

  it.each(['/login', '/verify-email'])('%s: its prerendered page (issue 32), compressed and revalidated on every load', async (path) => {
    const response = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body).equals(readFileSync(join(webDistDir, `${path.slice(1)}.html`)))).toBe(true);
  });

  it('a hashed script: brotli for a browser that takes it', async () => {
    const path = entryScript();
    const response = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body).equals(readFileSync(join(webDistDir, path)))).toBe(true);
  });

  it('a hashed script: gzip for a browser without brotli, cached for a year', async () => {
    const path = entryScript();
    const response = await rawGet(path, { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const file = readFileSync(join(webDistDir, path));
    expect(gunzipSync(response.body).equals(file)).toBe(true);
    expect(response.body.length).toBeLessThan(file.length / 2);
  });

  it('sends the plain file when no encoding is accepted, and 304 to a browser that has it', async () => {
    const path = entryScript();
    const plain = await rawGet(path, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(readFileSync(join(webDistDir, path)))).toBe(true);

    const again = await rawGet(path, { 'accept-encoding': 'identity', 'if-none-match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers 404 for a missing asset rather than the page', async () => {
    const response = await rawGet('/assets/no-such-file.js');
    expect(response.status).toBe(404);
  });
});
