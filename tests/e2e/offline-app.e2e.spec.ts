import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { thumbnailPathOf } from '../../events/uploads/object-paths';
import { accessibilityViolations, appUrl, screenshot, settled, viewportName, viewports } from '../support/browser';
import { newAccount, registerByApi } from '../support/browser-accounts';
import { keptOnDevice, serviceWorkerReaches, setNetwork, useOfflinePages, whenControlled } from '../support/offline';

/**
 * Field mode's reading side (issue 29) in real Chromium with the built app's service worker: the
 * projects list and a checklist opened online open again with no network at all (the page's and
 * the worker's fetches cut), from the precached app and the query cache kept in IndexedDB, with
 * the photos seen online; the page says it is offline and how old its data is; what needs the
 * server is off with the reason; a new version waits for the person's Reload.
 */

const openPage = useOfflinePages();

/** A 4×4 PNG (a photo as the item shows it). */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAHklEQVR4nGP4z8DAwMDAxMDAwMDAwPD//38GBgYGAFj8A/2jbw9NAAAAAElFTkSuQmCC', 'base64');

/** A contractor signed in on `page` (chat joined) with a project made from the template; answers its id. */
async function contractorWithProject(page: Page, name = 'Cedar Court Basement'): Promise<string> {
  await registerByApi(page, newAccount('contractor'), { joinChat: true });
  return newProject(page, name);
}

async function newProject(page: Page, name: string): Promise<string> {
  const created = await page.request.post('/api/projects', { data: { name, address: '12 Cedar Court', clientName: 'Chris Owner' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Uploads a photo as the page's person and puts it on the project's Countertops item; answers its /objects/ path. */
async function photoOnCountertops(page: Page, projectId: string): Promise<string> {
  const asked = await page.request.post('/api/objects/upload');
  expect(asked.status()).toBe(200);
  const { uploadURL, fields } = (await asked.json()) as { uploadURL: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('Content-Type', 'image/png');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tile.png');
  expect((await fetch(uploadURL, { method: 'POST', body: form })).status).toBeLessThan(300);
  // Issue 30: a photo belongs to a project (projectId, or itemId).
  const published = await page.request.put('/api/objects/acl', { data: { objectURL: `${uploadURL.replace(/\/$/, '')}/${fields.key}`, visibility: 'public', projectId } });
  expect(published.status(), await published.text()).toBe(200);
  const { objectPath } = (await published.json()) as { objectPath: string };
  const checklist = (await (await page.request.get(`/api/projects/${projectId}/checklist`)).json()) as { rooms: { name: string; items: { id: string; name: string }[] }[] };
  const countertops = checklist.rooms.find((room) => room.name === 'Kitchen')!.items.find((item) => item.name === 'Countertops')!;
  expect((await page.request.patch(`/api/checklist-items/${countertops.id}`, { data: { referenceImages: [objectPath] } })).status()).toBe(200);
  return objectPath;
}

/** Waits until the device's copy holds `text` (the cache is saved once the page is idle, a second after it changes; a busy machine is seldom idle). */
const waitUntilKept = (page: Page, text: string) => expect.poll(async () => (await keptOnDevice(page)).includes(text), { timeout: 60_000 }).toBe(true);

/** After a viewport or colour-scheme change: the next frames drawn (the colours' transitions started), then those ended. */
async function redrawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await settled(page);
}

const room = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const offlineNotice = (page: Page) => page.getByText(/^Offline — showing data from /);
const footerButton = (page: Page, name: string) => page.getByRole('contentinfo', { name: 'Checklist actions' }).getByRole('button', { name });

describe('the app with no network (issue 29)', () => {
  it('opens the projects list and a checklist kept on the device, with their photos, says how old they are, and turns off what needs the server', async () => {
    const page = await openPage();
    const projectId = await contractorWithProject(page);
    const photo = await photoOnCountertops(page, projectId);

    // Online: the list, then the checklist with its photo, as a person opens them.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Cedar Court Basement' }).waitFor();
    await whenControlled(page);
    await waitUntilKept(page, '"projects","with-stats"');
    await page.getByRole('link', { name: 'View Project' }).click();
    const countertops = room(page, 'Kitchen').getByRole('article', { name: 'Countertops', exact: true });
    const image = countertops.getByRole('img', { name: 'Reference Images 1' });
    // Issue 30: a thumbnail is fetched once near the window, as a person scrolls to it.
    await countertops.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);
    // Drawn from its thumbnail (issue 30).
    expect(await image.getAttribute('src')).toBe(thumbnailPathOf(photo));
    await waitUntilKept(page, `"projects","${projectId}","checklist"`);
    // Online there is no notice, and the server's actions are on.
    expect(await offlineNotice(page).count()).toBe(0);
    expect(await footerButton(page, 'Share with Client').isEnabled()).toBe(true);

    await setNetwork(page, false);
    // The cut reaches the service worker too: it can no longer fetch anything from the server.
    expect(await serviceWorkerReaches(page)).toBe(false);

    // A reload with no network: the worker serves the app, the device's copy the checklist.
    const answer = await page.reload();
    expect(answer?.status()).toBe(200);
    expect(answer?.fromServiceWorker()).toBe(true);
    await page.getByText('Cedar Court Basement', { exact: true }).first().waitFor();
    await room(page, 'Kitchen').waitFor();
    for (const name of ['Whole Home', 'Kitchen', 'Living Room', 'Exterior']) await room(page, name).waitFor();
    await countertops.waitFor();
    await offlineNotice(page).waitFor();
    // Its age in words (minutes on a busy machine, where the reads were kept a while ago).
    expect(await offlineNotice(page).textContent()).toMatch(/^Offline — showing data from \d+ (seconds?|minutes?) ago$/);
    // The photo seen online shows from the worker's photo cache.
    await countertops.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);

    // Share with Client and Export PDF need the server: off, with the reason as title and description.
    for (const name of ['Share with Client', 'Export PDF']) {
      const button = footerButton(page, name);
      expect(await button.isDisabled(), name).toBe(true);
      expect(await button.getAttribute('title'), name).toBe('Needs a connection');
      const describedBy = await button.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent(), name).toBe('Needs a connection');
    }
    expect(await accessibilityViolations(page)).toEqual([]);

    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ colorScheme: viewport.colorScheme });
      await page.evaluate(() => window.scrollTo(0, 0));
      await redrawn(page);
      await screenshot(page, `offline-checklist-${viewportName(viewport)}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });

    // The projects list too, still with no network.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Cedar Court Basement' }).waitFor();
    await offlineNotice(page).waitFor();
    await screenshot(page, 'offline-projects-1280x800-light', { fullPage: false });

    // Back online: the notice goes, the actions come back, the data is read afresh.
    await page.goto(`/project/${projectId}`);
    await offlineNotice(page).waitFor();
    await setNetwork(page, true);
    await offlineNotice(page).waitFor({ state: 'detached' });
    await expect.poll(() => footerButton(page, 'Share with Client').isEnabled()).toBe(true);
    expect(await footerButton(page, 'Export PDF').getAttribute('title')).toBeNull();
  });

  it('says so offline when a project was never opened on the device, and Keep offline keeps one that was not, photos included', async () => {
    const page = await openPage();
    const opened = await contractorWithProject(page, 'Opened Online');
    const pinned = await newProject(page, 'Pinned Unopened');
    const photo = await photoOnCountertops(page, pinned);
    const never = await newProject(page, 'Never Opened');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Pinned Unopened' }).waitFor();
    await whenControlled(page);

    // Keep offline on a card reads that project whole now, though it was never opened.
    const card = page.getByRole('article', { name: 'Pinned Unopened' });
    const keep = card.getByRole('button', { name: 'Keep offline' });
    expect(await keep.getAttribute('aria-pressed')).toBe('false');
    await keep.click();
    expect(await keep.getAttribute('aria-pressed')).toBe('true');
    await waitUntilKept(page, `"projects","${pinned}","checklist"`);
    await page.goto(`/project/${opened}`);
    await room(page, 'Kitchen').waitFor();
    await waitUntilKept(page, `"projects","${opened}","checklist"`);
    expect((await keptOnDevice(page)).includes(`"projects","${never}"`)).toBe(false);

    await setNetwork(page, false);
    await page.goto(`/project/${pinned}`);
    await room(page, 'Kitchen').waitFor();
    await offlineNotice(page).waitFor();
    // Its photo too, never shown on this device before: fetched into the worker's photo cache when it was pinned.
    const image = room(page, 'Kitchen').getByRole('article', { name: 'Countertops', exact: true }).getByRole('img', { name: 'Reference Images 1' });
    // Drawn from its thumbnail (issue 30), once near the window.
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.getAttribute('src')).toBe(thumbnailPathOf(photo));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);
    // The pin shows as pressed on the checklist's header too, and stays after the reload.
    expect(await page.getByRole('banner').getByRole('button', { name: 'Keep offline' }).getAttribute('aria-pressed')).toBe('true');

    await page.goto(`/project/${never}`);
    const status = page.getByRole('status').filter({ hasText: 'You are offline' });
    await status.waitFor();
    expect(await status.textContent()).toContain('This project is not kept on this device');
    expect(await accessibilityViolations(page)).toEqual([]);
    await setNetwork(page, true);
    await room(page, 'Kitchen').waitFor();
  });

  it('signing out forgets the device copy and the unsent changes', async () => {
    const page = await openPage();
    const projectId = await contractorWithProject(page);
    await page.goto(`/project/${projectId}`);
    await room(page, 'Kitchen').waitFor();
    await waitUntilKept(page, projectId);
    // A change waiting to be sent, in the outbox's database (field mode's outbox keeps its commands there).
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const opening = indexedDB.open('cc-outbox');
          opening.onupgradeneeded = () => opening.result.createObjectStore('commands');
          opening.onsuccess = () => {
            const db = opening.result;
            const store = db.objectStoreNames[0]!;
            const write = db.transaction(store, 'readwrite');
            write.objectStore(store).put({ route: 'patchItem', body: { details: 'unsent' } }, 'command-from-the-test');
            write.oncomplete = () => (db.close(), resolve());
            write.onerror = () => reject(write.error);
          };
        }),
    );

    await page.getByRole('banner').getByRole('button', { name: 'Casey Builder' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => keptOnDevice(page)).toBe('');
    const outbox = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const opening = indexedDB.open('cc-outbox');
          opening.onsuccess = () => {
            const db = opening.result;
            const store = db.objectStoreNames[0]!;
            const count = db.transaction(store).objectStore(store).count();
            count.onsuccess = () => (db.close(), resolve(count.result));
          };
        }),
    );
    expect(outbox).toBe(0);
  });

  it('shows New version available when a new version waits, and Reload lets it take over', async () => {
    // The app as a deploy changes it: this test's own address in front of the app, whose sw.js
    // answers the built worker until `nextWorker` is set, then a worker with different bytes.
    const upstream = new URL(appUrl());
    let nextWorker: string | undefined;
    const front = createServer((req, res) => {
      if (nextWorker !== undefined && new URL(req.url ?? '/', 'http://front').pathname === '/sw.js') {
        res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' }).end(nextWorker);
        return;
      }
      const forwarded = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forwarded.on('error', () => res.destroy());
      req.pipe(forwarded);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const at = `http://localhost:${(front.address() as AddressInfo).port}`;
    try {
      const page = await openPage();
      await contractorWithProject(page);
      await page.goto(`${at}/`);
      await page.getByRole('heading', { name: 'Projects' }).waitFor();
      await whenControlled(page);
      const bar = page.getByRole('status').filter({ hasText: 'New version available' });
      expect(await bar.count()).toBe(0);

      nextWorker = `${await (await fetch(`${appUrl()}/sw.js`)).text()}\n// the next version\n`;
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
      await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting)));

      // Nothing happens by itself: the page stays as it is, the old worker in charge, until Reload.
      await bar.waitFor();
      await page.evaluate(() => ((window as { beforeUpdate?: boolean }).beforeUpdate = true));
      for (const viewport of [viewports[0], viewports[3]]) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.emulateMedia({ colorScheme: viewport.colorScheme });
        await redrawn(page);
        await screenshot(page, `update-bar-${viewportName(viewport)}`, { fullPage: false });
      }
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting)))).toBe(true);
      expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);

      await page.getByRole('button', { name: 'Reload' }).click();
      // The new worker took over, and the page reloaded under it.
      await page.waitForFunction(() => !(window as { beforeUpdate?: boolean }).beforeUpdate);
      await page.getByRole('heading', { name: 'Projects' }).waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting)))).toBe(false);
      expect(await bar.count()).toBe(0);
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
    }
  });
});
