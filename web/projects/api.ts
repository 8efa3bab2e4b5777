import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RouteInputs } from '../../contract/inputs';
import { callApi } from '../api/call';
import { queryKeys } from '../api/query-keys';

/** The project writes of spec section 7 ("Projects"), as TanStack Query mutations; the lists are read by `queries`. */

/** Spec: after create, update or delete, the with-stats list and the plain list are refreshed. */
function refreshProjectLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.projectsWithStats, exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true }),
  ]);
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInputs['createProject']) => callApi('createProject', { body }),
    onSuccess: () => refreshProjectLists(queryClient),
  });
}

export function useUpdateProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInputs['updateProject']) => callApi('updateProject', { params: { id }, body }),
    onSuccess: () => refreshProjectLists(queryClient),
  });
}

export function useDeleteProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('deleteProject', { params: { id } }),
    onSuccess: () => refreshProjectLists(queryClient),
  });
}
