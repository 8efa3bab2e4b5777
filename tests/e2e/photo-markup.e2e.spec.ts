import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, accessibleInBothSchemes, appUrl, expectNoHorizontalOverflow, otherScheme, screenshot, settled, uniqueEmail, usePages, viewportName, viewportsEachInBothSchemes } from '../support/browser';

/**
 * Photos as evidence in real Chromium (issue 30): uploaded with 'Include location' (the browser's
 * position granted and fixed), drawn in the checklist from their thumbnails, opened full size in
 * a dialog, marked up (an arrow and a text label) and saved through the outbox, kept over a reload
 * and in the item's history; two photos paired as Before and After; a publish cut off (its request
 * aborted, or the page reloaded while it is on its way) is tried again and the item gets the
 * published `/objects/…` path, never the upload's own address; an upload the server finds
 * incomplete is posted again; a photo answered 403 shows the placeholder.
 */

const openPage = usePages();
const PASSWORD = 'first-password-1';
const SITE = { latitude: 45.5231, longitude: -122.6765, accuracy: 12 };

/** A site photo of 800 × 600: a tiled wall (so the screenshots show markup over something real). */
async function wallPhoto(background: string): Promise<Buffer> {
  const lines = Array.from({ length: 9 }, (_, i) => `<line x1="${i * 100}" y1="0" x2="${i * 100}" y2="600" stroke="#ffffff" stroke-width="6"/>`).join('');
  const rows = Array.from({ length: 7 }, (_, i) => `<line x1="0" y1="${i * 100}" x2="800" y2="${i * 100}" stroke="#ffffff" stroke-width="6"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">${lines}${rows}<path d="M420 180 L470 260 L455 330" stroke="#3b2f2f" stroke-width="4" fill="none"/></svg>`;
  return sharp({ create: { width: 800, height: 600, channels: 3, background } }).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 80 }).toBuffer();
}

async function contractorWithProject(page: Page): Promise<string> {
  const registered = await page.request.post('/api/auth/register', {
    data: { firstName: 'Casey', lastName: 'Builder', email: uniqueEmail('markup'), role: 'contractor', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  expect((await page.request.put('/api/user-session', { data: { userType: 'contractor', userName: 'Casey Builder', chatOpenedOnce: true } })).status()).toBe(200);
  const created = await page.request.post('/api/projects', { data: { name: 'Elm Street Kitchen', address: '4 Elm Street', clientName: 'Chris Owner' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

const countertops = (page: Page) => page.getByRole('region', { name: 'Kitchen', exact: true }).getByRole('article', { name: 'Countertops', exact: true });

/** The Countertops item as the API has it now. */
async function countertopsItem(page: Page, projectId: string): Promise<{ id: string; referenceImages: string[]; photoMarkup?: Record<string, { shapes: { kind: string; text?: string }[] }>; photoPairs?: { before: string; after: string }[] }> {
  const checklist = (await (await page.request.get(`/api/projects/${projectId}/checklist`)).json()) as { rooms: { name: string; items: { name: string; id: string; referenceImages: string[] }[] }[] };
  const item = checklist.rooms.find((room) => room.name === 'Kitchen')!.items.find((entry) => entry.name === 'Countertops')!;
  return item as never;
}

/** Uploads one photo to Countertops through Add Photo's Upload File tab; answers the publish request's body. */
async function uploadPhoto(page: Page, name: string, buffer: Buffer, { includeLocation = false } = {}): Promise<Record<string, unknown>> {
  await countertops(page).getByRole('button', { name: 'Add Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Photo' });
  await dialog.getByRole('tab', { name: 'Upload File' }).click();
  const box = dialog.getByRole('checkbox', { name: 'Include location' });
  expect(await box.isChecked()).toBe(false);
  if (includeLocation) await box.check();
  const publish = page.waitForRequest((request) => request.url().endsWith('/api/objects/acl'));
  await dialog.getByLabel('Choose a photo').setInputFiles({ name, mimeType: 'image/jpeg', buffer });
  const body = (await publish).postDataJSON() as Record<string, unknown>;
  await dialog.waitFor({ state: 'hidden' });
  return body;
}

/** Drags on the drawing surface between two points given as fractions of it. */
async function drag(page: Page, surface: Locator, from: [number, number], to: [number, number]) {
  const box = (await surface.boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  for (let step = 1; step <= 5; step++) {
    await page.mouse.move(box.x + box.width * (from[0] + ((to[0] - from[0]) * step) / 5), box.y + box.height * (from[1] + ((to[1] - from[1]) * step) / 5));
  }
  await page.mouse.up();
}

async function shot(page: Page, name: string, target?: Locator) {
  await settled(page);
  await screenshot(target ?? page, `photo-markup/${name}`, { fullPage: false });
}

describe('photos as evidence: location, thumbnails, markup, before / after', () => {
  for (const view of viewportsEachInBothSchemes) {
    const suffix = viewportName(view);
    const other = otherScheme(view.colorScheme);
    it(`uploads with location, draws thumbnails, marks up a photo and pairs two (${suffix}, and ${other})`, async () => {
      const page = await openPage(view);
      const inBothSchemes = (name?: string, target?: Locator) =>
        accessibleInBothSchemes(page, view.colorScheme, name ? (scheme) => shot(page, `${name}-${viewportName({ ...view, colorScheme: scheme })}`, target) : undefined);
      await page.context().grantPermissions(['geolocation']);
      await page.context().setGeolocation(SITE);
      const projectId = await contractorWithProject(page);
      await page.goto(`/project/${projectId}`);

      // 'Include location' ticked: the browser's position goes with the publish, as do the file's size and time.
      const first = await wallPhoto('#b89f86');
      const published = await uploadPhoto(page, 'wall-before.jpg', first, { includeLocation: true });
      expect(published).toMatchObject({ projectId, bytes: first.length, includeLocation: true, location: SITE });
      expect(typeof published.capturedAt).toBe('string');
      const second = await wallPhoto('#9fb0a8');
      const unlocated = await uploadPhoto(page, 'wall-after.jpg', second);
      expect(unlocated).toMatchObject({ projectId, bytes: second.length, includeLocation: false });
      expect(unlocated.location).toBeUndefined();

      // Drawn from their thumbnails, lazily, their size set.
      const item = countertops(page);
      const thumb = item.getByRole('img', { name: 'Reference Images 1', exact: true });
      await thumb.waitFor();
      expect(await thumb.getAttribute('src')).toMatch(/^\/objects\/[A-Za-z0-9_-]+\.[a-z]+\?size=thumb$/);
      expect([await thumb.getAttribute('loading'), await thumb.getAttribute('decoding'), await thumb.getAttribute('width'), await thumb.getAttribute('height')]).toEqual(['lazy', 'async', '64', '64']);
      const stored = await countertopsItem(page, projectId);
      expect(stored.referenceImages.every((path) => path.startsWith('/objects/'))).toBe(true);
      const [before, after] = stored.referenceImages;

      // Tapped: the full image in a dialog.
      await item.getByRole('button', { name: 'Reference Images 1', exact: true }).click();
      const lightbox = page.getByRole('dialog', { name: 'Reference Images 1' });
      const full = lightbox.getByRole('img', { name: 'Reference Images 1', exact: true });
      await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await full.getAttribute('src')).toBe(before);
      await inBothSchemes();

      // The editor: an arrow dragged, then a text label asked for in an input.
      await lightbox.getByRole('button', { name: 'Mark up' }).click();
      const surface = lightbox.getByRole('application', { name: /^Drawing surface/ });
      await surface.waitFor();
      expect(await lightbox.getByRole('button', { name: 'Arrow' }).getAttribute('aria-pressed')).toBe('true');
      await drag(page, surface, [0.2, 0.25], [0.5, 0.45]);
      await lightbox.getByRole('button', { name: 'Text' }).click();
      await drag(page, surface, [0.55, 0.3], [0.55, 0.3]);
      await lightbox.getByRole('textbox', { name: 'Label text' }).fill('Crack');
      await lightbox.getByRole('button', { name: 'Add label' }).click();
      expect(await surface.getAttribute('aria-label')).toMatch(/2 shapes$/);
      await expectNoHorizontalOverflow(page);
      await inBothSchemes('editor');
      await lightbox.getByRole('button', { name: 'Save', exact: true }).click();
      await lightbox.getByRole('button', { name: 'Edit markup' }).waitFor();
      await lightbox.getByTestId('markup-overlay').waitFor();
      await shot(page, `lightbox-${suffix}`);
      await page.emulateMedia({ colorScheme: other });
      await shot(page, `lightbox-${view.width}x${view.height}-${other}`);
      await page.emulateMedia({ colorScheme: view.colorScheme });

      // Paired with the later photo: side by side (stacked on a phone), Before and After.
      await lightbox.getByRole('button', { name: 'Pair with a later photo' }).click();
      await lightbox.getByRole('button', { name: 'Reference Images 2', exact: true }).click();
      const pair = lightbox.getByTestId('before-after');
      await pair.getByRole('region', { name: 'Before' }).waitFor();
      await pair.getByRole('region', { name: 'After' }).waitFor();
      await expect.poll(async () => (await countertopsItem(page, projectId)).photoPairs).toEqual([{ before, after }]);
      await inBothSchemes('before-after');
      await page.keyboard.press('Escape');
      await lightbox.waitFor({ state: 'hidden' });

      // Kept: after a reload the thumbnail carries its markup, the item its pair, the history says so.
      await page.reload();
      // A thumbnail is fetched once near the window (the reload may keep the page scrolled elsewhere).
      await countertops(page).scrollIntoViewIfNeeded();
      await countertops(page).getByTestId('markup-overlay').waitFor();
      await countertops(page).getByText('Before', { exact: true }).waitFor();
      const kept = await countertopsItem(page, projectId);
      expect(kept.photoMarkup?.[before!]?.shapes.map((shape) => shape.kind)).toEqual(['arrow', 'text']);
      expect(kept.photoMarkup?.[before!]?.shapes[1]?.text).toBe('Crack');
      const history = (await (await page.request.get(`/api/checklist-items/${kept.id}/history`)).json()) as { entries: { eventType: string }[] };
      expect(history.entries.map((entry) => entry.eventType)).toEqual(expect.arrayContaining(['PhotoMarkupSet', 'PhotoPairsChanged']));
      // At the page's top: the sticky action bar over a scrolled card is not what this looks at.
      await page.evaluate(() => window.scrollTo(0, 0));
      await inBothSchemes('thumbnails', countertops(page));

      // Unpaired.
      await countertops(page).getByRole('button', { name: 'Reference Images 2', exact: true }).click();
      const second2 = page.getByRole('dialog', { name: 'Reference Images 2' });
      await second2.getByRole('button', { name: 'Unpair' }).click();
      await second2.getByRole('button', { name: 'Pair with a later photo' }).waitFor();
      await expect.poll(async () => (await countertopsItem(page, projectId)).photoPairs ?? []).toEqual([]);
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`offers the camera on a touch screen, and 'Include location' off by default (390x844-${colorScheme}, touch)`, async () => {
      const opened = await openPage();
      const context = await opened.context().browser()!.newContext({ baseURL: appUrl(), viewport: { width: 390, height: 844 }, colorScheme, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        const projectId = await contractorWithProject(page);
        await page.goto(`/project/${projectId}`);
        await countertops(page).getByRole('button', { name: 'Add Photo' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Photo' });
        await dialog.getByRole('tab', { name: 'Upload File' }).click();
        const camera = dialog.getByLabel('Take a photo');
        await camera.waitFor();
        expect([await camera.getAttribute('accept'), await camera.getAttribute('capture')]).toEqual(['image/*', 'environment']);
        expect(await dialog.getByLabel('Choose a photo').getAttribute('capture')).toBeNull();
        expect(await dialog.getByRole('checkbox', { name: 'Include location' }).isChecked()).toBe(false);
        expect(await accessibilityViolations(page)).toEqual([]);
        await expectNoHorizontalOverflow(page);
        await shot(page, `add-photo-touch-390x844-${colorScheme}`);
      } finally {
        await context.close();
      }
    });
  }

  it('retries a publish cut off (aborted, or the page reloaded) and an upload that did not arrive whole: the item gets the published path; a 403 photo shows the placeholder', async () => {
    const page = await openPage();
    const projectId = await contractorWithProject(page);
    await page.goto(`/project/${projectId}`);

    // The connection drops once while publishing: tried again, published.
    let aborted = 0;
    await page.route('**/api/objects/acl', async (route) => {
      if (aborted++ === 0) await route.abort('connectionreset');
      else await route.continue();
    });
    await uploadPhoto(page, 'cut.jpg', await wallPhoto('#a0a0a0'));
    await countertops(page).getByRole('img', { name: 'Reference Images 1', exact: true }).waitFor();
    expect(aborted).toBeGreaterThanOrEqual(2);
    expect((await countertopsItem(page, projectId)).referenceImages).toEqual([expect.stringMatching(/^\/objects\//)]);
    await page.unroute('**/api/objects/acl');

    // The page reloaded while the publish is on its way (held, never answered): the next load finishes it.
    let held = false;
    await page.route('**/api/objects/acl', async () => {
      held = true;
      await new Promise(() => undefined);
    });
    await countertops(page).getByRole('button', { name: 'Add Photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Photo' });
    await dialog.getByRole('tab', { name: 'Upload File' }).click();
    await dialog.getByLabel('Choose a photo').setInputFiles({ name: 'reloaded.jpg', mimeType: 'image/jpeg', buffer: await wallPhoto('#c0b0a0') });
    await expect.poll(() => held).toBe(true);
    await page.unroute('**/api/objects/acl');
    await page.reload();
    await countertops(page).getByRole('img', { name: 'Reference Images 2', exact: true }).waitFor();
    const item = await countertopsItem(page, projectId);
    expect(item.referenceImages).toHaveLength(2);
    expect(item.referenceImages.every((path) => path.startsWith('/objects/'))).toBe(true);

    // The server finds the upload incomplete (400 on bytes: a POST cut off halfway): the file is posted again, once, and published.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().startsWith(`${process.env.AWS_ENDPOINT_URL_S3}/`)) posts.push(request.url());
    });
    let refused = false;
    await page.route('**/api/objects/acl', async (route) => {
      if (refused) return route.continue();
      refused = true;
      await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'The upload did not arrive whole.', fieldErrors: { bytes: ['The upload did not arrive whole.'] } }) });
    });
    await uploadPhoto(page, 'again.jpg', await wallPhoto('#b0c0a0'));
    await countertops(page).getByRole('img', { name: 'Reference Images 3', exact: true }).waitFor();
    expect(posts).toHaveLength(2);
    expect((await countertopsItem(page, projectId)).referenceImages.every((path) => path.startsWith('/objects/'))).toBe(true);
    await page.unroute('**/api/objects/acl');

    // A photo the server will not serve (403: signed out elsewhere, removed from the project) shows the placeholder, not a broken image.
    // On the context, so the service worker's requests meet it too; its photo cache emptied first (as sign-out does).
    await page.context().route('**/objects/**', (route) => route.fulfill({ status: 403, body: 'Forbidden' }));
    await page.evaluate(() => caches.delete('cc-photos'));
    await page.reload();
    await countertops(page).scrollIntoViewIfNeeded();
    await countertops(page).getByRole('img', { name: 'Image not available' }).first().waitFor();
    expect(await countertops(page).getByRole('img', { name: 'Image not available' }).count()).toBe(3);
  });
});
