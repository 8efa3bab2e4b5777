import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { onlineManager } from '@tanstack/react-query';
import { followNetworkState } from './offline/cache/online';
import { persistedQueryDefaults } from './offline/cache/persisted-queries';
import { startServiceWorkerWhenIdle, whenIdle } from './pwa/start';
import { queryClient } from './query-client';
import { createAppRouter } from './router';
import './styles.css';

const router = createAppRouter(queryClient);

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

// Issue 32: a signed-out page comes drawn (web/build/prerender.ts). The app takes it over once the
// route's code is loaded, so its first render is the page's HTML, node for node, with no flash.
const prerendered = rootElement.hasChildNodes();
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
void ready.then(async () => {
  if (prerendered) {
    await router.load();
    // Marked as TanStack Router's own hydration marks it: its first render is then the server's
    // (no Suspense boundary around the root, no second load on mount).
    router.ssr = { manifest: undefined };
    // As a transition, hydration too yields to the browser every few milliseconds.
    startTransition(() => void hydrateRoot(rootElement, app));
  } else {
    // As a transition React draws the first screen in slices of a few milliseconds, not in one task
    // (issue 16: on Lighthouse's phone the boot's long task was most of the blocking time).
    const root = createRoot(rootElement);
    startTransition(() => root.render(app));
  }
  whenIdle(() => void deviceCopy().then(({ keepDeviceCopy }) => keepDeviceCopy(queryClient)));
  startServiceWorkerWhenIdle();
});
