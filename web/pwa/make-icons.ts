/**
 * Draws the installed app's icons (web/public/icons/*.png) from our SVGs beside this file, in the
 * Chromium already on the machine (no image library in the project). Run after changing an SVG and
 * commit the PNGs:
 *
 *   node --import tsx web/pwa/make-icons.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const here = import.meta.dirname;
const out = join(here, '../public/icons');
const icons = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  // iOS takes its home-screen icon from apple-touch-icon, drawn full-bleed (it rounds the corners itself).
  { svg: 'icon-maskable.svg', png: 'apple-touch-icon-180.png', size: 180 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { svg, png, size } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const source = `data:image/svg+xml;base64,${readFileSync(join(here, 'icons', svg)).toString('base64')}`;
    await page.setContent(`<body style="margin:0"><img src="${source}" width="${size}" height="${size}" style="display:block">`);
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: join(out, png), omitBackground: true });
    await page.close();
    console.log(`${png} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
