import { expect, it } from 'vitest';
import { accessibilityViolations, axeViolations, usePages } from '../support/browser';

/** The accessibility scan every browser test relies on finds what it must (tests/support/browser.ts: axe run in the page). */

const openPage = usePages();

it('names each planted violation by rule and element, the colour rules alone when asked, and within the part given', async () => {
  const page = await openPage();
  await page.setContent(`<!doctype html><html lang="en"><head><title>Planted</title></head><body><main>
    <img id="photo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <p id="faint" style="color:#999;background:#aaa">Hard to read</p>
    <div role="dialog" aria-label="Form"><button id="empty"></button></div>
  </main></body></html>`);
  expect((await accessibilityViolations(page)).sort()).toEqual(['button-name: #empty', 'color-contrast: #faint', 'image-alt: #photo']);
  expect(await accessibilityViolations(page, { colourOnly: true })).toEqual(['color-contrast: #faint']);
  expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual(['button-name: #empty']);
  expect((await axeViolations(page, { include: '[role="dialog"]', summary: true }))[0]).toMatch(/^button-name: #empty: Fix any of the following/);
  // Mended, the page passes: the same scan again in the same document.
  await page.evaluate(() => {
    document.querySelector('#photo')!.setAttribute('alt', 'A pixel');
    (document.querySelector('#faint') as HTMLElement).style.cssText = 'color:#000;background:#fff';
    document.querySelector('#empty')!.textContent = 'Send';
  });
  expect(await accessibilityViolations(page)).toEqual([]);
});
