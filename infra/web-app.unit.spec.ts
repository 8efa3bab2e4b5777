import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE, webApp } from './local/gateway/web-app';

/** The local gateway's web app on a stand-in build, as vite-plugin-pwa leaves it (issue 29). */
const webDir = mkdtempSync(join(tmpdir(), 'cc-web-app-'));
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><link rel="manifest" href="/manifest.webmanifest">');
writeFileSync(join(webDir, 'assets/app-AbCd1234.js'), 'console.log(1)');
writeFileSync(join(webDir, 'sw.js'), 'importScripts("workbox-1a2b3c4d.js")');
writeFileSync(join(webDir, 'workbox-1a2b3c4d.js'), 'self.workbox = {}');
writeFileSync(join(webDir, 'manifest.webmanifest'), '{"name":"Construction Checklist"}');
// A page the build prerendered (issue 32).
writeFileSync(join(webDir, 'login.html'), '<!doctype html><main><h1>Sign In</h1></main>');

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer(webApp(webDir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(webDir, { recursive: true, force: true });
});

describe('the service worker and the manifest as the local gateway serves them (issue 29, as CloudFront does)', () => {
  it('revalidates sw.js, its Workbox runtime and the manifest on every load; hashed assets are kept a year', async () => {
    for (const path of ['/sw.js', '/workbox-1a2b3c4d.js', '/manifest.webmanifest', '/index.html']) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe(REVALIDATE);
    }
    expect((await fetch(`${base}/assets/app-AbCd1234.js`)).headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('gives the worker as JavaScript and the manifest as a web app manifest', async () => {
    expect((await fetch(`${base}/sw.js`)).headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect((await fetch(`${base}/manifest.webmanifest`)).headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  });

  it('answers a missing worker with 404, not the app (the browser then unregisters it)', async () => {
    expect((await fetch(`${base}/missing-worker.js`)).status).toBe(404);
  });
});

describe('the prerendered signed-out pages (issue 32, as CloudFront serves them)', () => {
  it('answers /login with its prerendered page, revalidated; another client-side route gets index.html', async () => {
    const login = await fetch(`${base}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('<h1>Sign In</h1>');
    expect(login.headers.get('cache-control')).toBe(REVALIDATE);
    expect(await (await fetch(`${base}/projects/p1/checklist`)).text()).toContain('rel="manifest"');
  });
});
