import { firstDrawn } from '../components/first-draw';

/** Runs `task` once the page has loaded, drawn its first look, and the main thread is idle (5 s after that at the latest). */
export function whenIdle(task: () => void): void {
  const start = () => (window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200)))(task, { timeout: 5000 });
  void firstDrawn().then(() => {
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  });
}

/**
 * Starts the service worker once the page is loaded and the main thread is idle: its code
 * (Workbox's window library) and the worker's install (the precache download) stay out of the
 * first paint's way (bench/bundle-sizes.bench.ts, bench/lighthouse.bench.ts).
 */
export function startServiceWorkerWhenIdle(): void {
  if ('serviceWorker' in navigator) whenIdle(() => void import('./register').then(({ registerServiceWorker }) => registerServiceWorker()));
}
