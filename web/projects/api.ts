import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import type { projectInput } from '../../events/projects/inputs';
import { apiGet, apiSend } from '../api/client';

/** The project calls of spec section 7 ("Projects"), as TanStack Query hooks. */

export interface Project {
  id: string;
  contractorId: string;
  clientId: string | null;
  name: string;
  address: string;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  /** active | paused | completed | cancelled; kept as text, so an unknown value still shows. */
  status: string;
  contractorNotes: string | null;
  startDate: string | null;
  targetCompletionDate: string | null;
  lockBoxCode: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The contractor's list: overallCompletion is a whole percentage (0–100). */
export interface ProjectWithStats extends Project {
  overallCompletion: number;
  totalRooms: number;
  completedRooms: number;
}

/** The client's list: stats.overallCompletion is a fraction (0–1). */
export interface ClientProject {
  id: string;
  name: string;
  status: string;
  address: string;
  startDate: string | null;
  stats: { overallCompletion: number };
}

export type ProjectInput = z.output<typeof projectInput>;

export const projectQueryKeys = {
  withStats: ['projects', 'with-stats'],
  list: ['projects'],
  client: ['client-projects'],
} as const;

export function useProjectsWithStats() {
  return useQuery({ queryKey: projectQueryKeys.withStats, queryFn: () => apiGet<ProjectWithStats[]>('/api/projects/with-stats') });
}

/** Spec: the client's list is read only once a user is loaded, so the caller passes whether one is. */
export function useClientProjects(userLoaded: boolean) {
  return useQuery({ queryKey: projectQueryKeys.client, queryFn: () => apiGet<ClientProject[]>('/api/client-projects'), enabled: userLoaded });
}

/** Spec: after create, update or delete, the with-stats list and the plain list are refreshed. */
function refreshProjectLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectQueryKeys.withStats, exact: true }),
    queryClient.invalidateQueries({ queryKey: projectQueryKeys.list, exact: true }),
  ]);
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectInput) => apiSend<Project>('POST', '/api/projects', body),
    onSuccess: () => refreshProjectLists(queryClient),
  });
}

export function useUpdateProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectInput) => apiSend<Project>('PUT', `/api/projects/${encodeURIComponent(id)}`, body),
    onSuccess: () => refreshProjectLists(queryClient),
  });
}

export function useDeleteProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<{ message: string }>('DELETE', `/api/projects/${encodeURIComponent(id)}`),
    onSuccess: () => refreshProjectLists(queryClient),
  });
}
