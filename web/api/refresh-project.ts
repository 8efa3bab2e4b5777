import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** Everything the page shows, refetched (Save Progress, a reconnected socket). */
export function refreshProject(queryClient: QueryClient, projectId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.allItems }),
  ]);
}
