import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, hydrate, onlineManager, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient, PersistRetryer } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import type { User } from '../../../contract/accounts';
import { queryKeys } from '../../api/query-keys';
import { forgetOfflineData } from './forget';
import { keptReads, ownerOf } from './persisted-queries';
import { loadPins, pinnedProjects } from './pins';
import { keepPinnedProjectsFresh } from './prefetch-project';
import { CLIENT_KEY, OWNER_KEY, queryCacheStore } from './store';

/**
 * The device's copy of what the app read (TanStack Query's async storage persister on IndexedDB),
 * so the app opens and reads with no signal. Read at boot; put in the query cache only when the
 * device is offline (at boot, before the first screen, or when the network goes later): online, a
 * page reads afresh as it always did and never shows a copy older than the server. Saved a
 * second after the cache changes and when the page is hidden or left: what is in memory, plus
 * what the copy held that this visit has not read (another checklist opened last week). What is
 * kept, and how long, is persisted-queries.ts: 30 days a read, pinned projects for as long as
 * they are pinned. The copy as a whole has no age limit (a pin must outlive a month without
 * opening the app); it is dropped when the API's answer shapes change (the buster, a hash of
 * contract/ made at build time) and at sign-out.
 */

const SAVE_DELAY_MS = 1000;
const meHash = JSON.stringify(queryKeys.me);
const buster = typeof __QUERY_CACHE_BUSTER__ === 'string' ? __QUERY_CACHE_BUSTER__ : 'unbuilt';
type StoredRead = DehydratedState['queries'][number];

/** When the device is full: drop the oldest project read and try again (the person's own reads stay). */
const dropOldestProjectRead: PersistRetryer = ({ persistedClient }) => {
  const queries = persistedClient.clientState.queries;
  const oldest = queries.filter((query) => ownerOf(query.queryKey)?.kind !== 'user').sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt)[0];
  if (!oldest) return undefined;
  return { ...persistedClient, clientState: { ...persistedClient.clientState, queries: queries.filter((query) => query !== oldest) } };
};

const persister = createAsyncStoragePersister({
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

/** The copy's reads (those still kept), as last read or saved. */
let deviceCopy: StoredRead[] = [];
/** Whose reads the copy holds (undefined: no one's yet). */
let savedOwner: string | undefined;
/** Reads older than this were the last person's (set when another person signs in on the device). */
let readsFrom = 0;
let reading: Promise<void> | undefined;

/** Reads the copy, its owner and the pins, once (at boot); a copy of another build's answer shapes is dropped. */
export function readDeviceCopy(): Promise<void> {
  reading ??= (async () => {
    const [owner, stored] = await Promise.all([get<string>(OWNER_KEY, queryCacheStore), Promise.resolve(persister.restoreClient()).catch(() => undefined), loadPins()]);
    savedOwner = owner;
    if (stored && stored.buster !== buster) await persister.removeClient();
    else if (stored) deviceCopy = stored.clientState.queries.filter(keptReads(stored.clientState.queries, pinnedProjects()));
  })();
  return reading;
}

/** The copy into the query cache; reads the cache holds newer are left as they are. */
export async function restoreDeviceCopy(queryClient: QueryClient): Promise<void> {
  await readDeviceCopy();
  hydrate(queryClient, { queries: deviceCopy, mutations: [] });
}

/** While the device is offline the copy serves: now if it is, and whenever the network goes. */
export function restoreWhenOffline(queryClient: QueryClient): () => void {
  if (!onlineManager.isOnline()) void restoreDeviceCopy(queryClient);
  return onlineManager.subscribe((online) => {
    if (!online) void restoreDeviceCopy(queryClient);
  });
}

/** What is saved now: the cache's kept reads, and the copy's that the cache does not hold. */
function snapshot(queryClient: QueryClient): PersistedClient {
  const live = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && (query.state.dataUpdatedAt >= readsFrom || query.queryHash === meHash),
    shouldDehydrateMutation: () => false,
  }).queries;
  const inMemory = new Set(live.map((query) => query.queryHash));
  const reads = [...live, ...deviceCopy.filter((query) => !inMemory.has(query.queryHash))];
  deviceCopy = reads.filter(keptReads(reads, pinnedProjects()));
  return { buster, timestamp: Date.now(), clientState: { queries: deviceCopy, mutations: [] } };
}

/**
 * One save, or none kept when no one is signed in. `leaving`: the page is going, and its write
 * must start now, straight to IndexedDB, not behind the persister's queue (which waits on timers
 * a page being left never runs).
 */
async function save(queryClient: QueryClient, { leaving = false } = {}): Promise<void> {
  const user = queryClient.getQueryData<User | null>(queryKeys.me);
  if (!user) return persister.removeClient();
  if (savedOwner !== user.id) await adoptOwner(queryClient, user.id);
  const client = snapshot(queryClient);
  return leaving ? set(CLIENT_KEY, JSON.stringify(client), queryCacheStore) : persister.persistClient(client);
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
    deviceCopy = [];
    await forgetOfflineData();
    readsFrom = queryClient.getQueryState(queryKeys.me)?.dataUpdatedAt ?? Date.now();
  }
  void set(OWNER_KEY, userId, queryCacheStore);
}

/** At sign-out: nothing of the person stays on the device (forget.ts), and the next person to sign in owns the copy afresh. */
export async function forgetPerson(): Promise<void> {
  deviceCopy = [];
  savedOwner = undefined;
  readsFrom = 0;
  await forgetOfflineData();
}

/**
 * Saves the cache a second after it changes, and at once when the page is hidden or left (a phone
 * may close a hidden page next). A read removed from the cache (a deleted room's items) leaves the
 * copy too. Start it once the copy has been read.
 */
export function keepQueryCachePersisted(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving = Promise.resolve();
  const saveSoon = () => {
    timer = undefined;
    saving = saving.then(() => save(queryClient)).catch(() => undefined);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') deviceCopy = deviceCopy.filter((query) => query.queryHash !== event.query.queryHash);
    if ((event.type === 'added' || event.type === 'removed' || event.type === 'updated') && timer === undefined) timer = setTimeout(saveSoon, SAVE_DELAY_MS);
  });
  // What was read before this started.
  timer = setTimeout(saveSoon, SAVE_DELAY_MS);
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

/**
 * Once the first screen is up (this module loads then, unless the device starts offline): the
 * copy read, then saved as the cache changes, put in the cache whenever the network goes, and the
 * pinned projects read afresh (now, and when the network returns).
 */
export async function keepDeviceCopy(queryClient: QueryClient): Promise<void> {
  await readDeviceCopy();
  keepQueryCachePersisted(queryClient);
  restoreWhenOffline(queryClient);
  keepPinnedProjectsFresh(queryClient);
}
