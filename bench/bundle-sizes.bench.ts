/**
 * `npm run bench:bundles`: the sizes users and Lambdas pay for — the web app's built assets (raw
 * and gzip) and each Lambda handler bundled as the CDK stack bundles it (esbuild, ESM, minified),
 * with the time its bundle takes to import (a cold start's share). Prints; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { browserNotifier, handlerModulePath, httpRoutes, webSocketRoutes } from '../functions/routes';
import { repoRoot, webDistDir } from '../infra/paths';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

execFileSync(join(repoRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
const assets = readdirSync(join(webDistDir, 'assets')).map((name) => {
  const content = readFileSync(join(webDistDir, 'assets', name));
  return { asset: name.replace(/-[\w-]{8}\./, '.'), kb: kb(content.length), gzipKb: kb(gzipSync(content).length) };
});
console.log('Web app (dist/web/assets):');
console.table(assets.sort((a, b) => Number(b.kb) - Number(a.kb)));

const handlers = [...new Set([...Object.values(httpRoutes).map((r) => r.handler), ...Object.values(webSocketRoutes).map((r) => r.handler), browserNotifier.handler])];
const out = mkdtempSync(join(tmpdir(), 'cc-bundles-'));
const rows = [];
try {
  for (const handler of handlers.sort()) {
    const outfile = join(out, `${handler}.mjs`);
    await build({
      entryPoints: [join(repoRoot, handlerModulePath(handler))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      mainFields: ['module', 'main'],
      minify: true,
      banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
      logLevel: 'error',
    });
    const started = performance.now();
    await import(pathToFileURL(outfile).href);
    rows.push({ handler, kb: kb(statSync(outfile).size), importMs: (performance.now() - started).toFixed(0) });
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
console.log(`Lambda bundles (esbuild ESM, minified, as the CDK stack builds them) — ${new Date().toISOString()}, node ${process.version}:`);
console.table(rows);
