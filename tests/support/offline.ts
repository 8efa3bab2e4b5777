import type { BrowserContext, Page, Route } from 'playwright-core';
import { usePages } from './browser';

/**
 * Field mode's browser tests: a page whose network can be cut, its service worker's included.
 *
 * Playwright's `context.setOffline(true)` is what a phone in a basement looks like to the page
 * (navigator.onLine false, every fetch failing). A service worker's own fetches are a separate
 * target: playwright-core 1.65 applies the emulation to it too, but older ones did not
 * (playwright#2311), and a test that forgot would pass while the worker quietly reached the
 * server. So, while offline, every request a service worker makes is also aborted at the context,
 * and `serviceWorkerReaches` lets a test prove the cut.
 */

/** Contexts (people) use the service worker: it is what opens the app with no signal. */
export function useOfflinePages(): (options?: Parameters<ReturnType<typeof usePages>>[0]) => Promise<Page> {
  return usePages({ serviceWorkers: 'allow' });
}

const cuts = new WeakMap<BrowserContext, (route: Route) => Promise<void>>();

/** Cuts (online: false) or restores the network of the page's person: pages and service workers. */
export async function setNetwork(page: Page, online: boolean): Promise<void> {
  const context = page.context();
  const cut = cuts.get(context);
  if (!online && !cut) {
    const abortWorkerFetches = (route: Route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback());
    cuts.set(context, abortWorkerFetches);
    await context.route('**/*', abortWorkerFetches);
  }
  if (online && cut) {
    cuts.delete(context);
    await context.unroute('**/*', cut);
  }
  await context.setOffline(!online);
}

/**
 * Waits until a service worker controls the page (installed, its precache filled, claimed), so
 * that going offline next tests the worker and not the network. Reloads once if the first visit
 * was not claimed.
 */
export async function whenControlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
  if (!controlled) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}

/**
 * Whether the page's service worker can fetch from the server: asks it to fetch a photo path it
 * has never cached (the photo route is the one it fetches for itself), answered by the network or
 * not at all. Offline this must be false, or the test is not testing what it says.
 */
export async function serviceWorkerReaches(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    try {
      const response = await fetch(`/objects/probe-${crypto.randomUUID()}.jpg`, { cache: 'no-store' });
      // Any answer from the server (even 403/404) is a reach; the worker's own failure is a network error.
      return response.status > 0 && response.type !== 'error';
    } catch {
      return false;
    }
  });
}

/**
 * The query cache as the app keeps it on the device (web/offline/cache/persist.ts: the persister's
 * serialized copy), '' before its first save. Looking must not create the database: one made
 * empty by this open, before the app's own (a busy machine), would have no store for the app's saves.
 */
export const keptOnDevice = (page: Page): Promise<string> =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const opening = indexedDB.open('cc-query-cache');
        opening.onupgradeneeded = () => opening.transaction?.abort();
        opening.onerror = () => resolve('');
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('queries')) return (db.close(), resolve(''));
          const read = db.transaction('queries').objectStore('queries').get('query-client');
          read.onsuccess = () => (db.close(), resolve(typeof read.result === 'string' ? read.result : ''));
          read.onerror = () => (db.close(), resolve(''));
        };
      }),
  );
