import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { ChecklistItem } from '../../../contract/projects';
import { thumbnailPathOf } from '../../../events/uploads/object-paths';
import { queries } from '../../api/queries';
import { PHOTO_MAX_ENTRIES } from '../../pwa/photo-cache';
import { pinnedProjects } from './pins';

/**
 * A pinned project ('Keep offline') read whole while there is a network: its checklist (details,
 * stats, rooms and every room's items), its decisions and budget, its chat and action history,
 * and its photos, fetched once so the service worker's photo cache holds them.
 */
export async function prefetchWholeProject(queryClient: QueryClient, projectId: string): Promise<void> {
  const [checklist] = await Promise.allSettled([
    queryClient.fetchQuery(queries.checklist(projectId)),
    queryClient.prefetchQuery(queries.chat(projectId)),
    queryClient.prefetchQuery(queries.history(projectId)),
    queryClient.prefetchQuery(queries.decisions(projectId)),
    queryClient.prefetchQuery(queries.budget(projectId)),
  ]);
  if (checklist.status === 'fulfilled') await warmPhotos(checklist.value.rooms.flatMap((room) => room.items));
}

/** Our own photos (`/objects/…`) of the items, through the service worker (only when it controls the page, or nothing is kept). */
async function warmPhotos(items: readonly ChecklistItem[]): Promise<void> {
  if (!navigator.serviceWorker?.controller) return;
  const photos = [...new Set(items.flatMap((item) => [...item.referenceImages, ...item.cabinetImages]).filter((url) => url.startsWith('/objects/')))];
  // One at a time, at low priority: the person's own page comes first.
  // Issue 30: the thumbnails the checklist draws first, then the full images a tap opens.
  for (const url of [...photos.map(thumbnailPathOf), ...photos].slice(0, PHOTO_MAX_ENTRIES)) {
    if (!onlineManager.isOnline()) return;
    await fetch(url, { priority: 'low' }).then((response) => response.blob()).catch(() => undefined);
  }
}

/** Every pinned project, read afresh (at boot once the page is idle, and whenever the network returns). */
export async function refreshPinnedProjects(queryClient: QueryClient): Promise<void> {
  for (const projectId of pinnedProjects()) {
    if (!onlineManager.isOnline()) return;
    await prefetchWholeProject(queryClient, projectId);
  }
}

/** Keeps pinned projects fresh: now, and each time the device comes back online. */
export function keepPinnedProjectsFresh(queryClient: QueryClient): () => void {
  void refreshPinnedProjects(queryClient);
  return onlineManager.subscribe((online) => {
    if (online) void refreshPinnedProjects(queryClient);
  });
}
