import { createStore } from 'idb-keyval';

/**
 * The device's copy of what the app read, in IndexedDB (database `cc-query-cache`): the persisted
 * query cache under one key, the 'Keep offline' pins under another.
 */
export const QUERY_CACHE_DB = 'cc-query-cache';
export const queryCacheStore = createStore(QUERY_CACHE_DB, 'queries');
export const CLIENT_KEY = 'query-client';
export const PINS_KEY = 'keep-offline';
/** The id of the person whose reads are stored (a different person signing in starts afresh). */
export const OWNER_KEY = 'owner';
