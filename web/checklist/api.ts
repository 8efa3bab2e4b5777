import type { QueryClient } from '@tanstack/react-query';
import type { ChecklistItem, ProjectStats, SelectionChangedAnswer } from '../../contract/projects';
import type { CabinetDetails } from '../../events/projects/events';
import type { ItemCategory, ItemType, RoomType } from '../../events/projects/model';
import { callApi } from '../api/call';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';

/** The checklist page's writes (spec section 7: projects, rooms, checklist items); the reads are in `queries`. */

/** Spec section 3: every counter is 0 until the stats are loaded. */
export const emptyStats: ProjectStats = {
  completed: 0,
  total: 0,
  percentage: 0,
  contractorCompleted: 0,
  clientCompleted: 0,
  contractorPercentage: 0,
  clientPercentage: 0,
};

/** What PATCH /api/checklist-items/{id} accepts (any of these). */
export type ItemPatch = Partial<
  Pick<
    ChecklistItem,
    | 'details'
    | 'contractorCompleted'
    | 'clientCompleted'
    | 'purchasesMade'
    | 'cabinetDetails'
    | 'cabinetLinks'
    | 'cabinetImages'
    | 'referenceLinks'
    | 'referenceImages'
    | 'allowance'
    | 'cost'
    | 'decideBy'
    | 'leadTimeDays'
  >
>;

export type FlagField = 'contractorCompleted' | 'purchasesMade' | 'clientCompleted';

export interface NewRoom {
  projectId: string;
  type: RoomType;
  name: string;
  customName: string | null;
}

export interface NewItem {
  roomId: string;
  category: ItemCategory;
  name: string;
  itemType: ItemType;
  cabinetDetails: CabinetDetails | null;
  order: number;
}

export const setLockBoxCode = (projectId: string, lockBoxCode: string) => callApi('patchProject', { params: { id: projectId }, body: { lockBoxCode } });

export const addRoom = (body: NewRoom) => callApi('createRoom', { body });
export const renameRoom = (roomId: string, customName: string) => callApi('renameRoom', { params: { id: roomId }, body: { customName } });
export const deleteRoom = (roomId: string) => callApi('deleteRoom', { params: { id: roomId } });

export const addItem = (item: NewItem) =>
  callApi('createItem', {
    body: {
      roomId: item.roomId,
      category: item.category,
      name: item.name,
      completed: false,
      contractorCompleted: false,
      clientCompleted: false,
      purchasesMade: false,
      details: '',
      itemType: item.itemType,
      cabinetDetails: item.cabinetDetails,
      order: item.order,
    },
  });
export const patchItem = (itemId: string, patch: ItemPatch) => callApi('patchItem', { params: { id: itemId }, body: patch });
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
