import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { User } from '../../events/accounts/schemas';
import type { RoomType } from '../../events/projects/model';
import { displayName, nameNewRoom } from '../../events/projects/room-naming';
import { serverMessage } from '../api/errors';
import { toast } from '../components/toast';
import type { ChecklistItem, ItemEditBase, Project, Room } from '../../contract/projects';
import { queryKeys } from '../api/query-keys';
import { apiFlagField, type Flag } from '../../contract/flags';
import type { RouteInputs } from '../../contract/inputs';
import { keep, submit, type Submitted } from '../offline/outbox/submit';
import type { NewCommand } from '../offline/outbox/command';
import { newItemBody } from './api';
import type { ItemActions } from './item-card';
import type { QueuedPhoto } from './photo-upload-queue';

/**
 * The checklist's writes, through the outbox (web/offline/outbox): each is kept, shown at once,
 * and sent now when online, later when not; with the toasts of spec section 8 when the server
 * refuses one, and the page's cache following the server's answers (the outbox does that).
 */

type ItemPatch = Omit<RouteInputs['patchItem'], 'base'>;

const flagLabels: Record<Flag, string> = { selected: 'Selected', purchased: 'Purchased', installed: 'Installed' };

/** Who is signed in (the outbox sends a command with its maker's session only). */
const userIdOf = (queryClient: QueryClient): string => queryClient.getQueryData<User | null>(queryKeys.me)?.id ?? '';

const roomNameOf = (queryClient: QueryClient, projectId: string, roomId: string): string => {
  const room = queryClient.getQueryData<Room[]>(queryKeys.rooms(projectId))?.find((entry) => entry.id === roomId);
  return room ? displayName(room) : 'a room';
};

/** A command's fields common to a project's writes: who made it, in which project. */
function useSubmit(projectId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    // `wait: false`: answered once kept, not once sent (a photo's upload may take long).
    (fields: Omit<NewCommand, 'projectId' | 'userId'>, { wait = true } = {}) => (wait ? submit : keep)({ ...fields, projectId, userId: userIdOf(queryClient) }),
    [queryClient, projectId],
  );
}

/** What a patch does, in words, for the outbox's lists and a refusal's toast. */
function patchLabel(item: ChecklistItem, patch: ItemPatch): string {
  const keys = Object.keys(patch);
  const what =
    keys.includes('photoMarkup') ? 'the markup of a photo' : keys.includes('photoPairs') ? 'the before / after photos' :
    keys.includes('details') ? 'the details' : keys.includes('cabinetDetails') ? 'the Cabinet Details' : keys.includes('referenceLinks') ? 'the links' : keys.includes('referenceImages') ? 'the photos' : 'the budget';
  return `Changed ${what} of ${item.name}`;
}

/** The item as the page shows it now (the cache), else as given. */
const shownItem = (queryClient: QueryClient, item: ChecklistItem): ChecklistItem =>
  queryClient.getQueryData<ChecklistItem[]>(queryKeys.items(item.roomId))?.find((entry) => entry.id === item.id) ?? item;

/**
 * The item cards' actions for one room, as one stable object. Flags are set to a value (never
 * flipped) and show at once; a refusal puts them back with 'Update failed'. An edit of a text or
 * list goes with `base`, the value on screen before it (issue 29: decided by value at the server).
 */
export function useItemActions(roomId: string, projectId: string): ItemActions {
  const queryClient = useQueryClient();
  const send = useSubmit(projectId);

  const toggle = useCallback(
    (item: ChecklistItem, flag: Flag, value: boolean) => {
      send({
        route: 'patchItem',
        params: { id: item.id },
        body: { [apiFlagField[flag]]: value },
        itemId: item.id,
        roomId,
        baseVersion: shownItem(queryClient, item).version,
        label: `${value ? 'Ticked' : 'Cleared'} ${flagLabels[flag]} on ${item.name}`,
      }).catch((error: unknown) => toast({ variant: 'destructive', title: 'Update failed', description: serverMessage(error, 'Please try again') }));
    },
    [send, queryClient, roomId],
  );

  /** Details, links, images, cabinet details, budget: shown at once, then saved; a refusal puts them back. */
  const save = useCallback(
    async (item: ChecklistItem, patch: ItemPatch, base?: ItemEditBase) => {
      try {
        const result = await send({
          route: 'patchItem',
          params: { id: item.id },
          body: base ? { ...patch, base } : patch,
          itemId: item.id,
          roomId,
          baseVersion: shownItem(queryClient, item).version,
          label: patchLabel(item, patch),
        });
        return answeredItem(queryClient, item, result);
      } catch (error) {
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to update item. Please try again.') });
        throw error;
      }
    },
    [send, queryClient, roomId],
  );

  const remove = useCallback(
    (item: ChecklistItem) => {
      send({ route: 'deleteItem', params: { id: item.id }, itemId: item.id, roomId, label: `Deleted ${item.name} in ${roomNameOf(queryClient, projectId, roomId)}` }).catch(
        (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to delete item. Please try again.') }),
      );
    },
    [send, queryClient, projectId, roomId],
  );

  /**
   * A photo taken offline: kept with its file, uploaded and added to the item by the outbox later (its steps: photo-steps.ts).
   * One uploaded online (`uploaded`) is published by the outbox too, waited for (its refusal is the dialog's to show).
   */
  const queuePhoto = useCallback(
    async (item: ChecklistItem, { file, cabinetKey, uploaded, evidence }: QueuedPhoto) => {
      await send({
        route: 'patchItem',
        params: { id: item.id },
        itemId: item.id,
        roomId,
        baseVersion: shownItem(queryClient, item).version,
        label: `Added a photo to ${item.name}`,
        photo: { file, fileName: file.name || 'photo', target: cabinetKey ? { cabinetKey } : { list: 'referenceImages' }, location: uploaded, evidence },
      }, { wait: uploaded !== undefined });
    },
    [send, queryClient, roomId],
  );

  return useMemo(() => ({ toggle, save, remove, queuePhoto }), [toggle, save, remove, queuePhoto]);
}

/** The item a write answered, or as the page shows it while the write waits. */
function answeredItem(queryClient: QueryClient, item: ChecklistItem, result: Submitted): ChecklistItem {
  if (result.status === 'sent' && result.answer && typeof result.answer === 'object') return result.answer as ChecklistItem;
  return shownItem(queryClient, item);
}

/** A section's add-item action (spec section 2); Special Features has its own toasts. The item gets its id here, so it can be changed before the server has it. */
export function useAddItem(roomId: string, projectId: string) {
  const queryClient = useQueryClient();
  const send = useSubmit(projectId);
  return useMutation({
    networkMode: 'always',
    mutationFn: (item: Omit<Parameters<typeof newItemBody>[0], 'id'> & { sectionTitle: string }) => {
      const { sectionTitle: _, ...fields } = item;
      const id = crypto.randomUUID();
      return send({ route: 'createItem', params: {}, body: newItemBody({ ...fields, id }), itemId: id, roomId, label: `Added ${fields.name} to ${roomNameOf(queryClient, projectId, roomId)}` });
    },
    onSuccess: (_, { category }) => {
      if (category === 'special_features') toast({ title: 'Special Feature Added' });
    },
    onError: (error, { category }) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error, category === 'special_features' ? 'Failed to add special feature. Please try again.' : 'Failed to add item. Please try again.'),
      }),
  });
}

/** The room management bar's adds: named by the numbering rules, given its id here (so its items can be added offline too). */
export function useAddRoom(projectId: string) {
  const queryClient = useQueryClient();
  const send = useSubmit(projectId);
  return useMutation({
    networkMode: 'always',
    mutationFn: async (type: RoomType): Promise<Room> => {
      const rooms = queryClient.getQueryData<Room[]>(queryKeys.rooms(projectId)) ?? [];
      const id = crypto.randomUUID();
      const named = nameNewRoom(type, rooms, {});
      const result = await send({ route: 'createRoom', params: {}, body: { id, projectId, type, ...named }, roomId: id, label: `Added ${displayName({ type, name: named.name, customName: named.customName ?? null })}` });
      return result.status === 'sent' ? (result.answer as Room) : (queryClient.getQueryData<Room[]>(queryKeys.rooms(projectId))?.find((room) => room.id === id) ?? ({ id } as Room));
    },
    onSuccess: () => toast({ title: 'Room Added', description: 'New room has been added to the project.' }),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to add room. Please try again.') }),
  });
}

/** A rename, made against the name on screen before it (a different rename by someone else meanwhile is a decision for the person). */
export function useRenameRoom(room: Room) {
  const send = useSubmit(room.projectId);
  return useMutation({
    networkMode: 'always',
    mutationFn: (customName: string) =>
      send({ route: 'renameRoom', params: { id: room.id }, body: { customName, base: { customName: room.customName } }, roomId: room.id, label: `Renamed ${displayName(room)} to ${customName}` }),
    onSuccess: (result) => {
      if (result.status !== 'conflict') toast({ title: 'Room Updated' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to update room. Please try again.') }),
  });
}

export function useDeleteRoom(room: Room) {
  const send = useSubmit(room.projectId);
  return useMutation({
    networkMode: 'always',
    mutationFn: () => send({ route: 'deleteRoom', params: { id: room.id }, roomId: room.id, label: `Deleted ${displayName(room)}` }),
    onSuccess: () => toast({ title: 'Room Deleted' }),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to delete room. Please try again.') }),
  });
}

/** The lock box code (spec section 4): saved 2000 ms after the last keystroke, by the caller's autosave. */
export function useSaveLockBoxCode(projectId: string) {
  const send = useSubmit(projectId);
  return useCallback(
    async (code: string): Promise<Project | undefined> => {
      try {
        const result = await send({ route: 'patchProject', params: { id: projectId }, body: { lockBoxCode: code }, label: 'Changed the lock box code' });
        return result.status === 'sent' ? (result.answer as Project) : undefined;
      } catch (error) {
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to save the lock box code. Please try again.') });
        throw error;
      }
    },
    [projectId, send],
  );
}
