import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { followNetworkState } from './offline/cache/online';
import { keepQueryCachePersisted, restoreQueryCache } from './offline/cache/persist';
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

/** A device that cannot answer from IndexedDB in this time starts without its stored reads rather than not at all. */
const RESTORE_LIMIT_MS = 1500;

// Issue 29: the reads kept on the device are back in the cache before the router's first load,
// so a page opened with no signal draws from them (a read offline waits instead of failing).
followNetworkState();
const restored = Promise.race([restoreQueryCache(queryClient).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, RESTORE_LIMIT_MS))]);

const root = createRoot(rootElement);
void restored.then(() => {
  // As a transition React draws the first screen in slices of a few milliseconds, not in one task
  // (issue 16: on Lighthouse's phone the boot's long task was most of the blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
  keepQueryCachePersisted(queryClient);
  startServiceWorkerWhenIdle();
  // Pinned projects ('Keep offline') are read afresh once the page is idle, and when the network returns.
  (window.requestIdleCallback ?? setTimeout)(() => keepPinnedProjectsFresh(queryClient));
});
