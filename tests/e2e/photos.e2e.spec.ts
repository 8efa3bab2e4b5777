import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, photoMessages } from '../../events/uploads/photo-rules';
import { accessibleInBothSchemes, expectNoHorizontalOverflow, otherScheme, screenshot, settled, uniqueEmail, usePages, viewportName, viewportsEachInBothSchemes } from '../support/browser';

/**
 * Photo upload in real Chromium (issues 11, 27): the Add Photo dialog's 'Upload File' tab posts the
 * file to s3rver with a presigned form (its policy caps size and type), publishes it, and the item
 * shows it from /objects/.
 */

const openPage = usePages();
const PASSWORD = 'first-password-1';

/** A real 8×8 PNG (a small tile pattern). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAK0lEQVR4nGO4dv4QBP3/8XrL2gUQ9P/HawbSJf7/eI0VMSCrQtZNhgQuOwA166AJHKhgqwAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A PNG one byte over the limit, as a file on disk: Chromium reads it from there. Handed over as
 * bytes, its 10 MB crossed the DevTools pipe in base64 and took over 30 s on a loaded machine.
 * Sparse, so it costs no disk either.
 */
let tooLargePhoto = '';
beforeAll(() => {
  tooLargePhoto = join(mkdtempSync(join(tmpdir(), 'photos-e2e-')), 'huge.png');
  writeFileSync(tooLargePhoto, png);
  truncateSync(tooLargePhoto, MAX_PHOTO_BYTES + 1);
});
afterAll(() => {
  if (tooLargePhoto) rmSync(dirname(tooLargePhoto), { recursive: true, force: true });
});

/** A contractor signed in on `page` with one new project; answers the project id. */
async function contractorWithProject(page: Page): Promise<string> {
  const registered = await page.request.post('/api/auth/register', {
    data: { firstName: 'Casey', lastName: 'Builder', email: uniqueEmail('photos'), role: 'contractor', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  // Joined the chat already, so the first-visit Join Project Chat dialog stays closed.
  expect((await page.request.put('/api/user-session', { data: { userType: 'contractor', userName: 'Casey Builder', chatOpenedOnce: true } })).status()).toBe(200);
  const created = await page.request.post('/api/projects', { data: { name: 'Elm Street Kitchen', address: '4 Elm Street', clientName: 'Chris Owner' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Requests to the uploads bucket (s3rver), which the browser reaches directly. */
const toStorage = (url: URL) => url.href.startsWith(`${process.env.AWS_ENDPOINT_URL_S3}/`);

const countertops = (page: Page) => page.getByRole('region', { name: 'Kitchen', exact: true }).getByRole('article', { name: 'Countertops', exact: true });

async function openUploadTab(page: Page, projectId: string) {
  await page.goto(`/project/${projectId}`);
  const item = countertops(page);
  await item.getByRole('button', { name: 'Add Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Photo' });
  await dialog.getByRole('tab', { name: 'Upload File' }).click();
  await dialog.getByText('Max 10MB').waitFor();
  return { item, dialog, fileInput: dialog.getByLabel('Choose a photo') };
}

async function shot(page: Page, name: string) {
  await settled(page);
  await screenshot(page, `photos/${name}`, { fullPage: false });
}

describe('Upload File in the Add Photo dialog', () => {
  it('uploads a photo, shows it on the item from /objects/, keeps it, and records it in the history', async () => {
    const page = await openPage();
    const projectId = await contractorWithProject(page);
    const { item, dialog, fileInput } = await openUploadTab(page, projectId);
    expect(await fileInput.getAttribute('accept')).toBe('image/*');

    // The file goes to storage as a form (the presigned POST), not as a bare PUT.
    const storageRequest = page.waitForRequest((request) => toStorage(new URL(request.url())) && request.method() !== 'OPTIONS');
    await fileInput.setInputFiles({ name: 'quartz-sample.png', mimeType: 'image/png', buffer: png });
    const sent = await storageRequest;
    expect(sent.method()).toBe('POST');
    expect(sent.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await dialog.waitFor({ state: 'hidden' });
    const image = item.getByRole('img', { name: 'Reference Images 1' });
    await image.waitFor();
    // Drawn from its thumbnail (issue 30), lazily, its size set.
    expect(await image.getAttribute('src')).toMatch(/^\/objects\/[A-Za-z0-9_-]{32}\.[a-z]+\?size=thumb$/);
    expect(await image.getAttribute('loading')).toBe('lazy');
    // Served by the gateway: it loads, as the picture that was uploaded.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    await screenshot(item, 'photos/item-with-uploaded-photo-1280x800-light');

    // Saved at once, as a URL added 'From URL' is.
    await page.reload();
    await countertops(page).getByRole('img', { name: 'Reference Images 1' }).waitFor();
    const history = (await (await page.request.get(`/api/projects/${projectId}/history`)).json()) as { summary: string }[];
    expect(history.map((entry) => entry.summary)).toContain('Uploaded photo "Countertops" in Kitchen');
  });

  it('names a file that is too large or not an image, and the server refuses an image in name only', async () => {
    const page = await openPage();
    const projectId = await contractorWithProject(page);
    const { item, dialog, fileInput } = await openUploadTab(page, projectId);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/objects/upload')) asked.push(request.url());
    });

    await fileInput.setInputFiles(tooLargePhoto);
    await dialog.getByRole('alert').getByText('File is too large. Max 10MB.').waitFor();
    expect(await fileInput.getAttribute('aria-invalid')).toBe('true');

    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await dialog.getByRole('alert').getByText(photoMessages.notAnImage).waitFor();
    expect(asked).toEqual([]);

    // Declared as a PNG: only the server, reading the bytes, can tell.
    await fileInput.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') });
    await expect.poll(() => asked.length).toBe(1);
    await dialog.getByRole('alert').getByText(photoMessages.notAnImage).waitFor();
    expect(await dialog.getByRole('progressbar').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await item.getByRole('img', { name: 'Reference Images 1' }).count()).toBe(0);
  });

  for (const view of viewportsEachInBothSchemes) {
    const suffix = viewportName(view);
    const other = otherScheme(view.colorScheme);
    it(`shows the tab, its progress and its messages, accessibly (${suffix}, and ${other})`, async () => {
      const page = await openPage(view);
      const inBothSchemes = (name: string) =>
        accessibleInBothSchemes(page, view.colorScheme, (scheme) => shot(page, `${name}-${viewportName({ ...view, colorScheme: scheme })}`));
      const projectId = await contractorWithProject(page);
      const { dialog, fileInput } = await openUploadTab(page, projectId);
      await inBothSchemes('add-photo-upload');

      // Held at the storage POST, so the progress bar can be seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(toStorage, async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      await fileInput.setInputFiles({ name: 'tile.png', mimeType: 'image/png', buffer: png });
      const progress = dialog.getByRole('progressbar', { name: 'Uploading photo' });
      await progress.waitFor();
      expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
      expect(await fileInput.isDisabled()).toBe(true);
      await inBothSchemes('add-photo-uploading');
      release();
      await dialog.waitFor({ state: 'hidden' });

      await countertops(page).getByRole('button', { name: 'Add Photo' }).click();
      await dialog.getByRole('tab', { name: 'Upload File' }).click();
      await fileInput.setInputFiles(tooLargePhoto);
      await dialog.getByRole('alert').waitFor();
      await expectNoHorizontalOverflow(page);
      await inBothSchemes('add-photo-too-large');
    });
  }
});
