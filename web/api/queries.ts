import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { User } from '../../contract/accounts';
import type { ItemHistory, ItemStateAt } from '../../contract/audit';
import { callApi } from './call';
import { readChecklist } from './checklist';
import { ApiError } from './client';
import { queryKeys } from './query-keys';
import { readOverlay } from './read-overlay';

/**
 * One query (key and fetch) per resource the app reads; hooks and route loaders share them. The
 * checklist's reads show the changes still waiting in the outbox on top of the answer (read-overlay.ts).
 */

/** The signed-in user, or null when signed out (401); other failures throw. */
async function currentUser(): Promise<User | null> {
  try {
    return await callApi('me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The one history route answers both shapes; `asOf` says which. */
const itemHistory = (id: string) => callApi('itemHistory', { params: { id } }) as Promise<ItemHistory>;
const itemStateAt = (id: string, asOf: string) => callApi('itemHistory', { params: { id }, query: { asOf } }) as Promise<ItemStateAt>;

/**
 * Stats, rooms and each room's items are copied from the checklist's read (checklist.ts), whose own
 * observer reads it again on mount, focus and reconnect. A part of the page that shows them reads
 * nothing of its own then: drawn after the 5 s of freshness (a slow phone's room cards, the punch
 * line), or back on the tab, it would otherwise ask again per key and per room (issue 14's one read).
 * Live notices and the outbox still refetch them by invalidation.
 */
const keptByTheChecklist = { refetchOnMount: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

const checklist = (projectId: string) => queryOptions({ queryKey: queryKeys.checklist(projectId), queryFn: ({ client }) => readChecklist(client, projectId) });

export const queries = {
  me: () => queryOptions({ queryKey: queryKeys.me, queryFn: currentUser }),
  userSession: () => queryOptions({ queryKey: queryKeys.userSession, queryFn: () => callApi('getUserSession') }),
  projects: () => queryOptions({ queryKey: queryKeys.projects, queryFn: () => callApi('listProjects') }),
  projectsWithStats: () => queryOptions({ queryKey: queryKeys.projectsWithStats, queryFn: () => callApi('listProjectsWithStats') }),
  clientProjects: () => queryOptions({ queryKey: queryKeys.clientProjects, queryFn: () => callApi('listClientProjects') }),
  stats: (projectId: string) =>
    queryOptions({
      queryKey: queryKeys.stats(projectId),
      queryFn: async () => readOverlay().stats(projectId, await callApi('projectStats', { params: { id: projectId } })),
      ...keptByTheChecklist,
    }),
  checklist,
  /** The checklist's read as a part of its page shows it (the punch line's counts): the page's own observer keeps it fresh. */
  checklistPart: (projectId: string) => queryOptions({ ...checklist(projectId), ...keptByTheChecklist }),
  rooms: (projectId: string) =>
    queryOptions({
      queryKey: queryKeys.rooms(projectId),
      queryFn: async () => readOverlay().rooms(projectId, await callApi('listRooms', { params: { projectId } })),
      ...keptByTheChecklist,
    }),
  roomItems: (roomId: string) =>
    queryOptions({
      queryKey: queryKeys.items(roomId),
      queryFn: async () => readOverlay().items(roomId, await callApi('listRoomItems', { params: { id: roomId } })),
      ...keptByTheChecklist,
    }),
  chat: (projectId: string) =>
    queryOptions({ queryKey: queryKeys.chat(projectId), queryFn: async () => readOverlay().chat(projectId, await callApi('listChat', { params: { id: projectId } })) }),
  history: (projectId: string) => queryOptions({ queryKey: queryKeys.history(projectId), queryFn: () => callApi('projectHistory', { params: { id: projectId } }) }),
  decisions: (projectId: string) => queryOptions({ queryKey: queryKeys.decisions(projectId), queryFn: () => callApi('projectDecisions', { params: { id: projectId } }) }),
  budget: (projectId: string) => queryOptions({ queryKey: queryKeys.budget(projectId), queryFn: () => callApi('projectBudget', { params: { id: projectId } }) }),
  itemHistory: (itemId: string) => queryOptions({ queryKey: queryKeys.itemHistory(itemId), queryFn: () => itemHistory(itemId) }),
  /** The Audit page: a page of the trail per call, older pages after `nextCursor`. */
  projectAudit: (projectId: string, query: Record<string, string>) =>
    infiniteQueryOptions({
      queryKey: queryKeys.audit(projectId, query),
      queryFn: ({ pageParam }) => callApi('projectAudit', { params: { id: projectId }, query: pageParam ? { ...query, before: pageParam } : query }),
      initialPageParam: '',
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  /** Read once per moment: what an item was at a past time does not change. */
  itemStateAt: (itemId: string, asOf: string) => queryOptions({ queryKey: queryKeys.itemStateAt(itemId, asOf), queryFn: () => itemStateAt(itemId, asOf), staleTime: Infinity }),
};
