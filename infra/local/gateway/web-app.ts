import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import sirv from 'sirv';

/**
 * The built web app as CloudFront serves it (infra/constructs/site.ts): text compressed with
 * brotli or gzip as the browser accepts, hashed files under /assets/ cached for a year (their
 * name changes with their content), everything else revalidated on every load (index.html, and
 * the service worker and the manifest of issue 29: a browser checks sw.js for a new version on
 * each visit, and a copy it kept would hide every deploy), and for a client-side route (a path
 * without an extension; a missing asset is a 404) its prerendered page if the build wrote one
 * (issue 32: /login is login.html, sirv's `extensions`), else index.html.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function webApp(webDir: string) {
  const files = sirv(webDir, {
    single: true,
    etag: true,
    setHeaders: (res, pathname) => res.setHeader('cache-control', pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE),
  });
  const compress = compression();
  return (req: IncomingMessage, res: ServerResponse): Promise<void> =>
    new Promise((done) => {
      res.once('close', done);
      compress(req as never, res as never, () => files(req, res));
    });
}
