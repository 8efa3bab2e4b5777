import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startLocalCloud } from '../infra/local/cloud';
import { repoRoot } from '../infra/paths';

/**
 * What the browser benches share: the web app built aside, so a test run's dist/web is left alone
 * (or a build made before, `--web DIR`), a local cloud serving it, and Debian's Chromium.
 * `close()` ends all three and removes a build made here.
 */
export async function browserBench(web: string | undefined, name: string) {
  const webDir = web ?? mkdtempSync(join(tmpdir(), `cc-${name}-`));
  if (!web) execFileSync(join(repoRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', webDir, '--emptyOutDir'], { cwd: repoRoot, stdio: 'inherit' });
  const cloud = await startLocalCloud({ port: 0, webDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const close = async () => {
    await browser.close();
    await cloud.stop();
    if (!web) rmSync(webDir, { recursive: true, force: true });
  };
  return { webDir, cloud, browser, close };
}
