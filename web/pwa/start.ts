/**
 * Starts the service worker once the page is loaded and the main thread is idle: its code
 * (Workbox's window library) and the worker's install (the precache download) stay out of the
 * first paint's way (bench/bundle-sizes.bench.ts, bench/lighthouse.bench.ts).
 */
export function startServiceWorkerWhenIdle(): void {
  if (!('serviceWorker' in navigator)) return;
  const start = () => {
    const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
    whenIdle(() => void import('./register').then(({ registerServiceWorker }) => registerServiceWorker()), { timeout: 5000 });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
