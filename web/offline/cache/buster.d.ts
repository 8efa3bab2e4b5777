/** A hash of contract/ (the API's answer shapes), written by vite.config.ts at build time. */
declare const __QUERY_CACHE_BUSTER__: string;
