import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ProjectChecklist } from '../../contract/projects';
import { callApi } from './call';
import { queryKeys } from './query-keys';
import { readOverlay } from './read-overlay';

/**
 * The checklist page draws from one read (issue 14: not one items call per room). Its answer is
 * copied into the stats, rooms and per-room items keys, which the page reads and which live
 * notices, optimistic toggles and invalidations keep working on as before. The changes still
 * waiting in the outbox are shown on top of it (read-overlay.ts). A key is only filled when it
 * holds nothing newer: never while it is being fetched or after it was set since the read began,
 * so a slower answer cannot undo a change shown meanwhile.
 */
export async function readChecklist(queryClient: QueryClient, projectId: string): Promise<ProjectChecklist> {
  const asked = Date.now();
  const answer = readOverlay().checklist(projectId, await callApi('projectChecklist', { params: { id: projectId } }));
  const seed = (key: QueryKey, data: unknown) => {
    const state = queryClient.getQueryState(key);
    if (!state || state.data === undefined || (state.fetchStatus === 'idle' && state.dataUpdatedAt < asked)) queryClient.setQueryData(key, data);
  };
  seed(queryKeys.stats(projectId), answer.stats);
  seed(
    queryKeys.rooms(projectId),
    answer.rooms.map(({ items: _items, ...room }) => room),
  );
  for (const room of answer.rooms) seed(queryKeys.items(room.id), room.items);
  return answer;
}
