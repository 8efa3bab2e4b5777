import { clear } from 'idb-keyval';
import { PHOTO_CACHE } from '../../pwa/photo-cache';
import { dropPins } from './pins';
import { queryCacheStore } from './store';

/**
 * Sign-out (or another person signing in) leaves nothing of the person on the device: the stored
 * reads and pins, the outbox of unsent changes (`cc-outbox`; a person's changes must never be sent
 * as the next person) and any other IndexedDB database of the app's (`cc-` names: the offline
 * photos), and the service worker's photo cache.
 */

export const OUTBOX_DB = 'cc-outbox';

export async function forgetOfflineData(): Promise<void> {
  dropPins();
  const databases = new Set([OUTBOX_DB]);
  for (const { name } of (await indexedDB.databases?.().catch(() => [])) ?? []) {
    if (name?.startsWith('cc-') && name !== 'cc-query-cache') databases.add(name);
  }
  await Promise.allSettled([clear(queryCacheStore), ...[...databases].map(emptyDatabase), 'caches' in window ? caches.delete(PHOTO_CACHE) : undefined]);
}

/**
 * Empties every store of a database in one transaction. Not deleteDatabase: the outbox keeps its
 * connection open (idb-keyval), and a delete would wait for it, leaving the entries readable meanwhile.
 * A database that did not exist is removed again, so its owner creates its stores as usual.
 */
function emptyDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    let created = false;
    const opening = indexedDB.open(name);
    opening.onupgradeneeded = () => {
      created = true;
    };
    opening.onerror = () => resolve();
    opening.onblocked = () => resolve();
    opening.onsuccess = () => {
      const db = opening.result;
      const stores = [...db.objectStoreNames];
      const done = () => {
        db.close();
        if (created) indexedDB.deleteDatabase(name);
        resolve();
      };
      if (stores.length === 0) return done();
      const transaction = db.transaction(stores, 'readwrite');
      for (const store of stores) transaction.objectStore(store).clear();
      transaction.oncomplete = done;
      transaction.onerror = done;
      transaction.onabort = done;
    };
  });
}
