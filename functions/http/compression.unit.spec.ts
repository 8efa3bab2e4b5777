import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedResult } from './compression';

const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item ${i}`, details: '' })) });
const answer = (body = json, headers: Record<string, string> = {}) => ({ statusCode: 200, headers: { 'content-type': 'application/json', ...headers }, body });

describe('compressing an answer', () => {
  it('sends brotli when the caller takes it, gzip when only that, by q-value first', () => {
    const br = compressedResult(answer(), 'gzip, deflate, br');
    expect(br).toMatchObject({ isBase64Encoded: true, headers: { 'content-encoding': 'br', vary: 'Accept-Encoding' } });
    expect(brotliDecompressSync(Buffer.from(br.body!, 'base64')).toString()).toBe(json);
    const gzip = compressedResult(answer(), 'br;q=0, gzip');
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip' });
    expect(gunzipSync(Buffer.from(gzip.body!, 'base64')).toString()).toBe(json);
    expect(compressedResult(answer(), 'gzip;q=0.5, br;q=0.1').headers).toMatchObject({ 'content-encoding': 'gzip' });
  });

  it('leaves as they are: no Accept-Encoding, identity only, under 1 KB, already encoded, binary', () => {
    for (const accept of [undefined, 'identity', '*;q=0']) expect(compressedResult(answer(), accept)).toEqual({ ...answer(), headers: { ...answer().headers, vary: 'Accept-Encoding' } });
    expect(compressedResult(answer('{"ok":true}'), 'br').headers).not.toHaveProperty('content-encoding');
    const gzipped = answer('H4sI', { 'content-encoding': 'gzip' });
    expect(compressedResult(gzipped, 'br')).toBe(gzipped);
    const pdf = { statusCode: 200, isBase64Encoded: true, body: 'JVBERi0=' };
    expect(compressedResult(pdf, 'br')).toBe(pdf);
  });
});
