import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, type PersistedClient, type Persister, type PersistRetryer } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import type { User } from '../../../contract/accounts';
import { queryKeys } from '../../api/query-keys';
import { forgetOfflineData } from './forget';
import { keptReads, ownerOf, persistedQueryDefaults } from './persisted-queries';
import { loadPins, pinnedProjects } from './pins';
import { CLIENT_KEY, OWNER_KEY, queryCacheStore } from './store';

/**
 * The query cache on the device (TanStack Query's async storage persister on IndexedDB), so the
 * app opens with no signal: restored before the first screen draws, saved a second after each
 * change and at once when the page is left or hidden. What is kept, and for how long, is
 * persisted-queries.ts: 30 days a read, pinned projects for as long as they are pinned. The
 * stored copy as a whole has no age limit of its own (a pin must outlive a month without opening
 * the app); it is dropped when the API's answer shapes change (the buster, a hash of contract/
 * made at build time) and at sign-out.
 */

const SAVE_DELAY_MS = 1000;
const meHash = JSON.stringify(queryKeys.me);
const buster = typeof __QUERY_CACHE_BUSTER__ === 'string' ? __QUERY_CACHE_BUSTER__ : 'unbuilt';

/** When the device is full: drop the oldest project read and try again (the person's own reads stay). */
const dropOldestProjectRead: PersistRetryer = ({ persistedClient }) => {
  const queries = persistedClient.clientState.queries;
  const oldest = queries.filter((query) => ownerOf(query.queryKey)?.kind !== 'user').sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt)[0];
  if (!oldest) return undefined;
  return { ...persistedClient, clientState: { ...persistedClient.clientState, queries: queries.filter((query) => query !== oldest) } };
};

const stored = createAsyncStoragePersister({
  storage: {
    getItem: (key) => get<string>(key, queryCacheStore).then((value) => value ?? null),
    setItem: (key, value: string) => set(key, value, queryCacheStore),
    removeItem: (key) => del(key, queryCacheStore),
  },
  key: CLIENT_KEY,
  // Saves are spaced by keepQueryCachePersisted below, which also dehydrates only then.
  throttleTime: 0,
  retry: dropOldestProjectRead,
});

/** The stored copy, less what has aged out since it was saved. */
const persister: Persister = {
  ...stored,
  restoreClient: async () => {
    const client = await stored.restoreClient();
    if (!client) return client;
    const keep = keptReads(client.clientState.queries, pinnedProjects());
    return { ...client, clientState: { mutations: [], queries: client.clientState.queries.filter(keep) } } satisfies PersistedClient;
  },
};

/** Whose reads the stored copy holds (undefined: no one's yet). */
let savedOwner: string | undefined;
/** Reads older than this were the last person's (set when another person signs in on the device). */
let readsFrom = 0;

/** At boot, before the router's first load: the pins and the copy's owner, then the stored reads into the cache. */
export async function restoreQueryCache(queryClient: QueryClient): Promise<void> {
  persistedQueryDefaults(queryClient);
  const [owner] = await Promise.all([get<string>(OWNER_KEY, queryCacheStore), loadPins()]);
  savedOwner = owner;
  await persistQueryClientRestore({ queryClient, persister, buster, maxAge: Number.POSITIVE_INFINITY });
}

/** What is saved now (the same shape the persister stores). */
const snapshot = (queryClient: QueryClient): PersistedClient => {
  const kept = keptReads(queryClient.getQueryCache().getAll(), pinnedProjects());
  return {
    buster,
    timestamp: Date.now(),
    clientState: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => kept(query) && (query.state.dataUpdatedAt >= readsFrom || query.queryHash === meHash),
      shouldDehydrateMutation: () => false,
    }),
  };
};

/**
 * One save: what persisted-queries.ts keeps, or nothing when no one is signed in. `leaving`: the
 * page is going, and its write must start now: straight to IndexedDB, not behind the persister's
 * queue of saves (which waits on timers a page being left never runs).
 */
async function save(queryClient: QueryClient, { leaving = false } = {}): Promise<void> {
  const user = queryClient.getQueryData<User | null>(queryKeys.me);
  if (!user) return stored.removeClient();
  if (savedOwner !== user.id) await adoptOwner(queryClient, user.id);
  const client = snapshot(queryClient);
  return leaving ? set(CLIENT_KEY, JSON.stringify(client), queryCacheStore) : stored.persistClient(client);
}

/**
 * The first person on the device owns the copy. Another person signing in (the last one's session
 * ended without Sign Out): nothing of the last person's, their unsent changes included, is kept or
 * sent as this one, and of what is in memory only what was read since this person signed in is saved.
 */
async function adoptOwner(queryClient: QueryClient, userId: string): Promise<void> {
  const previous = savedOwner;
  savedOwner = userId;
  if (previous !== undefined) {
    await forgetOfflineData();
    readsFrom = queryClient.getQueryState(queryKeys.me)?.dataUpdatedAt ?? Date.now();
  }
  void set(OWNER_KEY, userId, queryCacheStore);
}

/** After sign-out (forget.ts has emptied the store): the next person to sign in owns the copy afresh. */
export function disownQueryCache(): void {
  savedOwner = undefined;
  readsFrom = 0;
}

/**
 * Saves the cache a second after it changes, and at once when the page is left or hidden: a
 * person opens the list and taps a project (a new page) within the second, and a phone may close
 * a hidden page next.
 */
export function keepQueryCachePersisted(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving = Promise.resolve();
  const saveSoon = () => {
    timer = undefined;
    saving = saving.then(() => save(queryClient)).catch(() => undefined);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if ((event.type === 'added' || event.type === 'removed' || event.type === 'updated') && timer === undefined) timer = setTimeout(saveSoon, SAVE_DELAY_MS);
  });
  const saveBeforeLeaving = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    void save(queryClient, { leaving: true }).catch(() => undefined);
  };
  const onHidden = () => document.visibilityState === 'hidden' && saveBeforeLeaving();
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', saveBeforeLeaving);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', saveBeforeLeaving);
  };
}
