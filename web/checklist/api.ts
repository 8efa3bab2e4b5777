import type { QueryClient } from '@tanstack/react-query';
import type { ChecklistItem, ProjectStats, SelectionChangedAnswer } from '../../contract/projects';
import { apiFlagField, apiFlagStats, type Flag } from '../../contract/flags';
import type { RouteInputs } from '../../contract/inputs';
import { callApi } from '../api/call';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';

/** The checklist page's writes (spec section 7: projects, rooms, checklist items); the reads are in `queries`. */

/** Spec section 3: every counter is 0 until the stats are loaded. */
const none = { selected: 0, installed: 0 };
export const emptyStats: ProjectStats = { completed: 0, total: 0, percentage: 0, ...apiFlagStats(none, none) };

export const setLockBoxCode = (projectId: string, lockBoxCode: string) => callApi('patchProject', { params: { id: projectId }, body: { lockBoxCode } });

export const addRoom = (body: RouteInputs['createRoom']) => callApi('createRoom', { body });
export const renameRoom = (roomId: string, customName: string) => callApi('renameRoom', { params: { id: roomId }, body: { customName } });
export const deleteRoom = (roomId: string) => callApi('deleteRoom', { params: { id: roomId } });

/** A new item as a section adds it: every flag off (the API's own names for them) and no details. */
export const addItem = (item: Pick<RouteInputs['createItem'], 'roomId' | 'category' | 'name' | 'itemType' | 'cabinetDetails' | 'order'>) =>
  callApi('createItem', {
    body: {
      roomId: item.roomId,
      category: item.category,
      name: item.name,
      completed: false,
      [apiFlagField.selected]: false,
      [apiFlagField.installed]: false,
      [apiFlagField.purchased]: false,
      details: '',
      itemType: item.itemType,
      cabinetDetails: item.cabinetDetails,
      order: item.order,
    },
  });
export const patchItem = (itemId: string, patch: RouteInputs['patchItem']) => callApi('patchItem', { params: { id: itemId }, body: patch });
/** One flag set or cleared, under its API name. */
export const setFlag = (itemId: string, flag: Flag, value: boolean) => patchItem(itemId, { [apiFlagField[flag]]: value });
export const deleteItem = (itemId: string) => callApi('deleteItem', { params: { id: itemId } });
/** The client answers the selection they see: its hash goes with the answer (issue 27). */
export const approveItem = (item: ChecklistItem) => callApi('approveItem', { params: { id: item.id }, body: { selectionHash: item.selectionHash } });
export const declineItem = (item: ChecklistItem, reason: string) => callApi('declineItem', { params: { id: item.id }, body: { reason, selectionHash: item.selectionHash } });

/** The item as it is now, when an approval or decline met a selection changed since it was read (409); else undefined. */
export function changedSelection(error: unknown): ChecklistItem | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const item = (error.body as Partial<SelectionChangedAnswer> | undefined)?.item;
  return item && typeof item === 'object' && typeof item.selectionHash === 'string' ? item : undefined;
}

/** Everything the page shows, refetched (Save Progress, a reconnected socket). */
export function refreshProject(queryClient: QueryClient, projectId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.allItems }),
  ]);
}
