import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { isComplete } from '../../events/projects/model';
import type { RoomType } from '../../events/projects/model';
import { nameNewRoom } from '../../events/projects/room-naming';
import { serverMessage } from '../api/errors';
import { toast } from '../components/toast';
import type { ChecklistItem, Project, ProjectChecklist, ProjectStats, Room } from '../../contract/projects';
import { queryKeys } from '../api/query-keys';
import { apiFlagField, flagsOfApi, type Flag } from '../../contract/flags';
import type { RouteInputs } from '../../contract/inputs';
import { addItem, addRoom, deleteItem, deleteRoom, patchItem, renameRoom, setFlag, setLockBoxCode } from './api';
import type { ItemActions } from './item-card';
import { statsAfterToggle } from './model';

/** The checklist's writes, with the toasts of spec section 8 and the cache updates that follow them. */

const withFlag = (item: ChecklistItem, flag: Flag, value: boolean): ChecklistItem => ({
  ...item,
  [apiFlagField[flag]]: value,
  completed: isComplete({ ...flagsOfApi(item), [flag]: value }),
});

type ItemPatch = RouteInputs['patchItem'];

function updateCachedItem(queryClient: QueryClient, roomId: string, itemId: string, update: (item: ChecklistItem) => ChecklistItem) {
  queryClient.setQueryData<ChecklistItem[]>(queryKeys.items(roomId), (items) => items?.map((item) => (item.id === itemId ? update(item) : item)));
}

const pick = (item: ChecklistItem, patch: ItemPatch): ItemPatch =>
  Object.fromEntries(Object.keys(patch).map((key) => [key, item[key as keyof ItemPatch]])) as ItemPatch;

/**
 * The item cards' actions for one room, as one stable object. Flag toggles are optimistic: the
 * room's items and the project's counters change at once, go back (with 'Update failed') if the
 * server refuses, and are refetched when the last toggle settles.
 */
export function useItemActions(roomId: string, projectId: string): ItemActions {
  const queryClient = useQueryClient();
  const itemsKey = queryKeys.items(roomId);
  const statsKey = queryKeys.stats(projectId);
  const toggleKey = ['toggle-flag', projectId];
  // The panels' decisions and budget (issue 18), refetched after a change when they have been read.
  const selectionsKey = queryKeys.selections(projectId);

  const { mutate: toggleFlag } = useMutation({
    mutationKey: toggleKey,
    mutationFn: ({ item, flag, value }: { item: ChecklistItem; flag: Flag; value: boolean }) => setFlag(item.id, flag, value),
    onMutate: async ({ item, flag, value }) => {
      await Promise.all([queryClient.cancelQueries({ queryKey: itemsKey }), queryClient.cancelQueries({ queryKey: statsKey })]);
      const before = queryClient.getQueryData<ChecklistItem[]>(itemsKey)?.find((cached) => cached.id === item.id) ?? item;
      updateCachedItem(queryClient, roomId, item.id, (cached) => withFlag(cached, flag, value));
      queryClient.setQueryData<ProjectStats>(statsKey, (stats) => stats && statsAfterToggle(stats, before, flag, value));
      return { before };
    },
    onError: (error, { item, flag, value }, context) => {
      const was = context ? flagsOfApi(context.before)[flag] : !value;
      updateCachedItem(queryClient, roomId, item.id, (cached) => withFlag(cached, flag, was));
      if (context) queryClient.setQueryData<ProjectStats>(statsKey, (stats) => stats && statsAfterToggle(stats, withFlag(context.before, flag, value), flag, was));
      toast({ variant: 'destructive', title: 'Update failed', description: serverMessage(error, 'Please try again') });
    },
    onSettled: () => {
      // Another toggle still on its way would be overwritten by the refetch: the last one refetches.
      if (queryClient.isMutating({ mutationKey: toggleKey }) > 1) return;
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: itemsKey }),
        queryClient.invalidateQueries({ queryKey: statsKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.rooms(projectId) }),
        queryClient.invalidateQueries({ queryKey: selectionsKey }),
      ]);
    },
  });

  const toggle = useCallback((item: ChecklistItem, flag: Flag, value: boolean) => toggleFlag({ item, flag, value }), [toggleFlag]);

  /** Details, links, images, cabinet details: shown at once, then saved; a refusal puts them back. */
  const save = useCallback(
    async (item: ChecklistItem, patch: ItemPatch) => {
      const cached = queryClient.getQueryData<ChecklistItem[]>(queryKeys.items(roomId))?.find((entry) => entry.id === item.id) ?? item;
      const before = pick(cached, patch);
      updateCachedItem(queryClient, roomId, item.id, (entry) => ({ ...entry, ...patch }));
      try {
        const saved = await patchItem(item.id, patch);
        updateCachedItem(queryClient, roomId, item.id, (entry) => ({ ...entry, ...pick(saved, patch) }));
        void queryClient.invalidateQueries({ queryKey: queryKeys.selections(projectId) });
        return saved;
      } catch (error) {
        updateCachedItem(queryClient, roomId, item.id, (entry) => ({ ...entry, ...before }));
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to update item. Please try again.') });
        throw error;
      }
    },
    [queryClient, roomId, projectId],
  );

  const { mutate: removeItem } = useMutation({
    mutationFn: (item: ChecklistItem) => deleteItem(item.id),
    onSuccess: (_, item) => {
      queryClient.setQueryData<ChecklistItem[]>(itemsKey, (items) => items?.filter((entry) => entry.id !== item.id));
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to delete item. Please try again.') }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemsKey }),
        queryClient.invalidateQueries({ queryKey: statsKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.rooms(projectId) }),
        queryClient.invalidateQueries({ queryKey: selectionsKey }),
      ]),
  });
  const remove = useCallback((item: ChecklistItem) => removeItem(item), [removeItem]);

  return useMemo(() => ({ toggle, save, remove }), [toggle, save, remove]);
}

/** A section's add-item action (spec section 2); Special Features has its own toasts. */
export function useAddItem(roomId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Parameters<typeof addItem>[0] & { sectionTitle: string }) => {
      const { sectionTitle: _, ...body } = item;
      return addItem(body);
    },
    onSuccess: (created, { category }) => {
      queryClient.setQueryData<ChecklistItem[]>(queryKeys.items(roomId), (items) => (items ? [...items, created] : items));
      if (category === 'special_features') toast({ title: 'Special Feature Added' });
    },
    onError: (error, { category }) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error, category === 'special_features' ? 'Failed to add special feature. Please try again.' : 'Failed to add item. Please try again.'),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.items(roomId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.rooms(projectId) }),
      ]),
  });
}

/** The room management bar's adds: the server names the room by the numbering rules. */
export function useAddRoom(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: RoomType) => {
      const rooms = queryClient.getQueryData<Room[]>(queryKeys.rooms(projectId)) ?? [];
      return addRoom({ projectId, type, ...nameNewRoom(type, rooms, {}) });
    },
    onSuccess: (room) => {
      queryClient.setQueryData<Room[]>(queryKeys.rooms(projectId), (rooms) => (rooms && !rooms.some((entry) => entry.id === room.id) ? [...rooms, room] : rooms));
      toast({ title: 'Room Added', description: 'New room has been added to the project.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to add room. Please try again.') }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.rooms(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats(projectId) }),
      ]),
  });
}

export function useRenameRoom(room: Room) {
  const queryClient = useQueryClient();
  const roomsKey = queryKeys.rooms(room.projectId);
  return useMutation({
    mutationFn: (customName: string) => renameRoom(room.id, customName),
    onSuccess: (renamed) => {
      queryClient.setQueryData<Room[]>(roomsKey, (rooms) => rooms?.map((entry) => (entry.id === renamed.id ? { ...entry, ...renamed } : entry)));
      toast({ title: 'Room Updated' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to update room. Please try again.') }),
    // Room names are in the decisions and the budget too.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: roomsKey }), queryClient.invalidateQueries({ queryKey: queryKeys.selections(room.projectId) })]),
  });
}

export function useDeleteRoom(room: Room) {
  const queryClient = useQueryClient();
  const roomsKey = queryKeys.rooms(room.projectId);
  return useMutation({
    mutationFn: () => deleteRoom(room.id),
    onSuccess: () => {
      queryClient.setQueryData<Room[]>(roomsKey, (rooms) => rooms?.filter((entry) => entry.id !== room.id));
      queryClient.removeQueries({ queryKey: queryKeys.items(room.id) });
      toast({ title: 'Room Deleted' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to delete room. Please try again.') }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roomsKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats(room.projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.selections(room.projectId) }),
      ]),
  });
}

/** The lock box code (spec section 4): saved 2000 ms after the last keystroke, by the caller's autosave. */
export function useSaveLockBoxCode(projectId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (code: string) => {
      try {
        const project = await setLockBoxCode(projectId, code);
        const withCode = (entry: Project): Project => (entry.id === project.id ? { ...entry, lockBoxCode: project.lockBoxCode } : entry);
        queryClient.setQueryData<Project[]>(queryKeys.projects, (projects) => projects?.map(withCode));
        queryClient.setQueryData<ProjectChecklist>(queryKeys.checklist(projectId), (checklist) => checklist && { ...checklist, project: withCode(checklist.project) });
      } catch (error) {
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to save the lock box code. Please try again.') });
        throw error;
      }
    },
    [projectId, queryClient],
  );
}
