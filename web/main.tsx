import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { onlineManager } from '@tanstack/react-query';
import { followNetworkState } from './offline/cache/online';
import { persistedQueryDefaults } from './offline/cache/persisted-queries';
import { startServiceWorkerWhenIdle, whenIdle } from './pwa/start';
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
// waits instead of failing); online, pages read afresh as before, and the copy's code (the
// persister, IndexedDB) loads once the page is idle, out of the first paint's way.
followNetworkState();
persistedQueryDefaults(queryClient);
const deviceCopy = () => import('./offline/cache/persist');
const ready = onlineManager.isOnline()
  ? Promise.resolve()
  : Promise.race([
      deviceCopy()
        .then(({ restoreDeviceCopy }) => restoreDeviceCopy(queryClient))
        .catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, RESTORE_LIMIT_MS)),
    ]);

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
  whenIdle(() => void deviceCopy().then(({ keepDeviceCopy }) => keepDeviceCopy(queryClient)));
  startServiceWorkerWhenIdle();
});
