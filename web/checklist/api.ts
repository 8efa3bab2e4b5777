import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CabinetDetails } from '../../events/projects/events';
import type { ItemCategory, ItemType, RoomType } from '../../events/projects/model';
import { apiGet, apiSend } from '../api/client';
import type { Project } from '../projects/api';

/** The checklist page's calls (spec section 7: projects, rooms, checklist items) and their cache keys. */

export interface ProjectStats {
  completed: number;
  total: number;
  percentage: number;
  contractorCompleted: number;
  clientCompleted: number;
  contractorPercentage: number;
  clientPercentage: number;
}

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

export interface Room {
  id: string;
  projectId: string;
  name: string;
  type: RoomType;
  customName: string | null;
  lockBoxCode: string | null;
  totalItems: number;
  completedItems: number;
}

export interface ChecklistItem {
  id: string;
  roomId: string;
  category: ItemCategory;
  name: string;
  completed: boolean;
  contractorCompleted: boolean;
  clientCompleted: boolean;
  purchasesMade: boolean;
  details: string;
  itemType: ItemType;
  cabinetDetails: CabinetDetails | null;
  cabinetLinks: string[];
  cabinetImages: string[];
  referenceLinks: string[];
  referenceImages: string[];
  order: number;
}

/** What PATCH /api/checklist-items/{id} accepts (any of these). */
export type ItemPatch = Partial<
  Pick<
    ChecklistItem,
    'details' | 'contractorCompleted' | 'clientCompleted' | 'purchasesMade' | 'cabinetDetails' | 'cabinetLinks' | 'cabinetImages' | 'referenceLinks' | 'referenceImages'
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

const enc = encodeURIComponent;

export const checklistKeys = {
  /** The plain list, shared with the projects screens. */
  projects: ['projects'] as const,
  project: (projectId: string) => ['projects', projectId] as const,
  stats: (projectId: string) => ['projects', projectId, 'stats'] as const,
  rooms: (projectId: string) => ['projects', projectId, 'rooms'] as const,
  chat: (projectId: string) => ['projects', projectId, 'chat'] as const,
  history: (projectId: string) => ['projects', projectId, 'history'] as const,
  allItems: ['rooms'] as const,
  items: (roomId: string) => ['rooms', roomId, 'items'] as const,
};

export function useProjectList() {
  return useQuery({ queryKey: checklistKeys.projects, queryFn: () => apiGet<Project[]>('/api/projects') });
}

export function useProjectStats(projectId: string) {
  return useQuery({ queryKey: checklistKeys.stats(projectId), queryFn: () => apiGet<ProjectStats>(`/api/projects/${enc(projectId)}/stats`) });
}

export function useRooms(projectId: string) {
  return useQuery({ queryKey: checklistKeys.rooms(projectId), queryFn: () => apiGet<Room[]>(`/api/projects/${enc(projectId)}/rooms`) });
}

export function useRoomItems(roomId: string) {
  return useQuery({ queryKey: checklistKeys.items(roomId), queryFn: () => apiGet<ChecklistItem[]>(`/api/rooms/${enc(roomId)}/items`) });
}

export const setLockBoxCode = (projectId: string, lockBoxCode: string) => apiSend<Project>('PATCH', `/api/projects/${enc(projectId)}`, { lockBoxCode });

export const addRoom = (body: NewRoom) => apiSend<Room>('POST', '/api/rooms', body);
export const renameRoom = (roomId: string, customName: string) => apiSend<Room>('PUT', `/api/rooms/${enc(roomId)}`, { customName });
export const deleteRoom = (roomId: string) => apiSend<unknown>('DELETE', `/api/rooms/${enc(roomId)}`);

export const addItem = (item: NewItem) =>
  apiSend<ChecklistItem>('POST', '/api/checklist-items', {
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
  });
export const patchItem = (itemId: string, patch: ItemPatch) => apiSend<ChecklistItem>('PATCH', `/api/checklist-items/${enc(itemId)}`, patch);
export const deleteItem = (itemId: string) => apiSend<unknown>('DELETE', `/api/checklist-items/${enc(itemId)}`);

/** Everything the page shows, refetched (Save Progress, a reconnected socket). */
export function refreshProject(queryClient: QueryClient, projectId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: checklistKeys.projects, exact: true }),
    queryClient.invalidateQueries({ queryKey: checklistKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: checklistKeys.allItems }),
  ]);
}
