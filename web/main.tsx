import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { onlineManager } from '@tanstack/react-query';
import { followNetworkState } from './offline/cache/online';
import { keepQueryCachePersisted, readDeviceCopy, restoreDeviceCopy, restoreWhenOffline } from './offline/cache/persist';
import { persistedQueryDefaults } from './offline/cache/persisted-queries';
import { keepPinnedProjectsFresh } from './offline/cache/prefetch-project';
import { startServiceWorkerWhenIdle } from './pwa/start';
import { queryClient } from './query-client';
import { routeTree } from './routeTree.gen';
import './styles.css';

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

/** A device that cannot answer from IndexedDB in this time starts without its copy rather than not at all. */
const RESTORE_LIMIT_MS = 1500;

// Issue 29: the device's copy of what the app read is put in the cache before the router's first
// load when the device is offline, so a page opened with no signal draws from it (a read offline
// waits instead of failing); online, pages read afresh as before.
followNetworkState();
persistedQueryDefaults(queryClient);
const copyRead = readDeviceCopy().catch(() => undefined);
const ready = onlineManager.isOnline()
  ? Promise.resolve()
  : Promise.race([restoreDeviceCopy(queryClient).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, RESTORE_LIMIT_MS))]);

const root = createRoot(rootElement);
void ready.then(() => {
  // As a transition React draws the first screen in slices of a few milliseconds, not in one task
  // (issue 16: on Lighthouse's phone the boot's long task was most of the blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
  startServiceWorkerWhenIdle();
});
void copyRead.then(() => {
  keepQueryCachePersisted(queryClient);
  restoreWhenOffline(queryClient);
  // Pinned projects ('Keep offline') are read afresh once the page is idle, and when the network returns.
  (window.requestIdleCallback ?? setTimeout)(() => keepPinnedProjectsFresh(queryClient));
});
