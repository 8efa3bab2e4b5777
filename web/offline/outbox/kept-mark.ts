/**
 * Whether this device's outbox may hold changes or conflicts, in localStorage so it is known before
 * the outbox's machinery (and IndexedDB) has loaded: with nothing kept (the usual case) the
 * machinery comes after the page's first look (issue 32); with something kept it comes at once, so
 * the first look already shows what waits. Set whenever something is kept, cleared when the outbox
 * reads itself back empty: a stale mark only means the machinery comes at once, as it used to.
 */

const KEY = 'cc-outbox-kept';

function tryStorage(action: (storage: Storage) => void): void {
  try {
    action(window.localStorage);
  } catch {
    // No storage (private mode, refused): the outbox's machinery simply comes at once.
  }
}

export function markKept(): void {
  tryStorage((storage) => storage.setItem(KEY, '1'));
}

export function markEmpty(): void {
  tryStorage((storage) => storage.removeItem(KEY));
}

export function mayHoldChanges(): boolean {
  let held = true;
  tryStorage((storage) => (held = storage.getItem(KEY) !== null));
  return held;
}
