import { Workbox } from 'workbox-window';
import { setWaitingUpdate } from './update-state';

/** The worker vite-plugin-pwa writes (generateSW, registerType 'prompt': it waits until told to take over). */
const WORKER_URL = '/sw.js';
/** A tab left open all day still hears of a new version: the browser checks only on navigations. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the app's service worker. A new version installs in the background and then waits
 * (in this tab's registration or another tab's): the update bar offers Reload, which tells it to
 * take over and reloads this page once it has. Another tab it takes over keeps its page and shows
 * the bar (Reload then only reloads): nothing is replaced behind a person's back.
 */
export function registerServiceWorker(): void {
  const wb = new Workbox(WORKER_URL, { scope: '/' });
  let asked = false;
  const offerUpdate = () =>
    setWaitingUpdate(async () => {
      asked = true;
      wb.messageSkipWaiting();
    });
  // Also for a version another tab installed, or one already waiting when this page opened.
  wb.addEventListener('waiting', offerUpdate);
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) return;
    if (asked) window.location.reload();
    else setWaitingUpdate(async () => window.location.reload());
  });
  wb.register({ immediate: true }).then(
    (registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine && document.visibilityState === 'visible') void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    // Refused (a private window, a browser policy, an automated browser): the app works on, without field mode's offline start.
    (error: unknown) => console.warn('The service worker was not registered:', error),
  );
}
