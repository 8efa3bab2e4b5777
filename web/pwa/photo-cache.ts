/**
 * The service worker's cache of item photos (`/objects/…`), so photos seen online show offline.
 * Its budget: at most 200 photos and 60 MB, the oldest cached leaving first; on a storage quota
 * error the whole cache is dropped (Workbox's purgeOnQuotaError) rather than the app's own files.
 * Photos are capped at 10 MB each on upload; a site's phone photos run 0.3–3 MB.
 *
 * Read by vite.config.ts, which writes the worker (Workbox's generateSW).
 */

export const PHOTO_CACHE = 'cc-photos';
export const PHOTO_MAX_ENTRIES = 200;
export const PHOTO_BUDGET_BYTES = 60 * 1024 * 1024;

/**
 * Workbox's expiration counts entries, not bytes: after each photo is stored, this drops the
 * oldest stored ones until the cache's photos (by their Content-Length) fit the byte budget.
 * Workbox copies the function's source into sw.js, so it names nothing outside itself: the budget
 * is written out here (a unit test holds it to PHOTO_BUDGET_BYTES).
 */
export const photoBytesBudget = {
  // An arrow function, not a method: its source must read as an expression on its own.
  cacheDidUpdate: async ({ cacheName }: { cacheName: string }): Promise<void> => {
    const budget = 62914560;
    const cache = await caches.open(cacheName);
    const requests = await cache.keys();
    const sizes = await Promise.all(requests.map(async (request) => Number((await cache.match(request))?.headers.get('content-length')) || 0));
    let total = sizes.reduce((sum, size) => sum + size, 0);
    // Cache keys come in the order they were stored: the oldest first.
    for (let index = 0; total > budget && index < requests.length - 1; index++) {
      await cache.delete(requests[index]!);
      total -= sizes[index]!;
    }
  },
};
