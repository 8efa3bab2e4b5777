import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChatMessage } from '../../../contract/chat';
import type { ChecklistItem, Project, ProjectChecklist, ProjectStats, Room } from '../../../contract/projects';
import { queryKeys } from '../../api/query-keys';
import type { OutboxCommand } from './command';
import { chatAfter, itemsAfter, projectAfter, roomsAfter, statsAfter } from './overlay';
import { punchItemsKey, punchRoutes } from '../../api/punch-keys';

/**
 * The query cache and the outbox: a command shows on the page as soon as it is made (and again
 * after a reload, from the outbox), and the server's answer replaces it when it lands, with the
 * commands still waiting applied on top.
 */

/** Shows the commands on the page's cached data (items, rooms, counters, the lock box code, the chat); showing one twice changes nothing. */
export function showCommands(queryClient: QueryClient, commands: readonly OutboxCommand[]): void {
  if (commands.length === 0) return;
  const projects = new Set(commands.map((command) => command.projectId));
  for (const projectId of projects) {
    const mine = commands.filter((command) => command.projectId === projectId);
    const roomsKey = queryKeys.rooms(projectId);
    const rooms = queryClient.getQueryData<Room[]>(roomsKey);
    if (rooms) setIfChanged(queryClient, roomsKey, rooms, roomsAfter(rooms, projectId, mine));
    // A room made offline has no items until the server makes its template's: an empty list, not a read that cannot be made.
    for (const command of mine) {
      if (command.route === 'createRoom' && command.roomId && queryClient.getQueryData(queryKeys.items(command.roomId)) === undefined) {
        queryClient.setQueryData<ChecklistItem[]>(queryKeys.items(command.roomId), []);
      }
    }
    showOnItems(queryClient, projectId, mine);
    const checklist = queryClient.getQueryData<ProjectChecklist>(queryKeys.checklist(projectId));
    if (checklist) setIfChanged(queryClient, queryKeys.checklist(projectId), checklist, { ...checklist, project: projectAfter(checklist.project, mine) });
    const projectList = queryClient.getQueryData<Project[]>(queryKeys.projects);
    if (projectList) setIfChanged(queryClient, queryKeys.projects, projectList, projectList.map((project) => projectAfter(project, mine)));
    const chat = queryClient.getQueryData<ChatMessage[]>(queryKeys.chat(projectId));
    if (chat) setIfChanged(queryClient, queryKeys.chat(projectId), chat, chatAfter(chat, projectId, mine));
  }
}

/** Each cached room's items with the commands applied, and the project's counters moved by as much. */
function showOnItems(queryClient: QueryClient, projectId: string, commands: readonly OutboxCommand[]) {
  const touched = new Set(commands.flatMap((command) => (command.roomId ? [command.roomId] : [])));
  const before: ChecklistItem[] = [];
  const after: ChecklistItem[] = [];
  for (const [key, items] of queryClient.getQueriesData<ChecklistItem[]>({ queryKey: queryKeys.allItems })) {
    const roomId = String(key[1]);
    if (!items || !touched.has(roomId)) continue;
    const next = itemsAfter(items, roomId, commands);
    if (setIfChanged(queryClient, key, items, next)) {
      before.push(...items);
      after.push(...next);
    }
  }
  const statsKey = queryKeys.stats(projectId);
  if (before.length || after.length) queryClient.setQueryData<ProjectStats>(statsKey, (stats) => stats && statsAfter(stats, before, after));
}

function setIfChanged<T>(queryClient: QueryClient, key: QueryKey, now: T, next: T): boolean {
  if (JSON.stringify(now) === JSON.stringify(next)) return false;
  // A read on its way would overwrite this with what the server had before.
  void queryClient.cancelQueries({ queryKey: key, exact: true });
  queryClient.setQueryData(key, next);
  return true;
}

/**
 * The server's answer to a command, into the cache, with the commands still waiting on top: the
 * item, room, message or project it answered.
 */
export function takeAnswer(queryClient: QueryClient, command: OutboxCommand, answer: unknown, waiting: readonly OutboxCommand[]): void {
  const { projectId } = command;
  switch (command.route) {
    case 'patchItem':
    case 'createItem':
    case 'approveItem':
    case 'declineItem':
      if (answer && typeof answer === 'object' && 'roomId' in answer) takeItem(queryClient, answer as ChecklistItem, waiting);
      return;
    case 'deleteItem':
      if (command.roomId) queryClient.setQueryData<ChecklistItem[]>(queryKeys.items(command.roomId), (items) => items?.filter((item) => item.id !== command.itemId));
      return;
    case 'createRoom':
    case 'renameRoom':
      if (answer && typeof answer === 'object' && 'projectId' in answer) takeRoom(queryClient, answer as Room, waiting);
      // A new room's items are the template's, made by the server: read them.
      if (command.route === 'createRoom' && command.roomId) void queryClient.invalidateQueries({ queryKey: queryKeys.items(command.roomId) });
      return;
    case 'deleteRoom':
      queryClient.setQueryData<Room[]>(queryKeys.rooms(projectId), (rooms) => rooms?.filter((room) => room.id !== command.roomId));
      if (command.roomId) queryClient.removeQueries({ queryKey: queryKeys.items(command.roomId) });
      return;
    case 'postChat': {
      const message = answer as ChatMessage;
      queryClient.setQueryData<ChatMessage[]>(queryKeys.chat(projectId), (messages) =>
        messages && [...messages.filter((entry) => entry.id !== command.id && entry.id !== message.id), message],
      );
      return;
    }
    case 'patchProject': {
      const project = answer as Project;
      const withCode = (entry: Project): Project => (entry.id === project.id ? { ...entry, lockBoxCode: project.lockBoxCode } : entry);
      queryClient.setQueryData<Project[]>(queryKeys.projects, (projects) => projects?.map((entry) => projectAfter(withCode(entry), waiting)));
      queryClient.setQueryData<ProjectChecklist>(queryKeys.checklist(projectId), (checklist) => checklist && { ...checklist, project: projectAfter(withCode(checklist.project), waiting) });
    }
  }
}

/** An item as the server answered it (a write's answer, a conflict's or a refusal's), with the commands waiting on top. */
export function takeItem(queryClient: QueryClient, item: ChecklistItem, waiting: readonly OutboxCommand[]): void {
  const key = queryKeys.items(item.roomId);
  void queryClient.cancelQueries({ queryKey: key, exact: true });
  queryClient.setQueryData<ChecklistItem[]>(key, (items) => {
    if (!items) return items;
    const shown = itemsAfter([item], item.roomId, waiting.filter((command) => command.itemId === item.id))[0];
    if (!shown) return items.filter((entry) => entry.id !== item.id);
    return items.some((entry) => entry.id === item.id) ? items.map((entry) => (entry.id === item.id ? shown : entry)) : [...items, shown];
  });
}

export function takeRoom(queryClient: QueryClient, room: Room, waiting: readonly OutboxCommand[]): void {
  queryClient.setQueryData<Room[]>(queryKeys.rooms(room.projectId), (rooms) => {
    if (!rooms) return rooms;
    const shown = roomsAfter([room], room.projectId, waiting.filter((command) => command.roomId === room.id && command.route !== 'createRoom'))[0];
    if (!shown) return rooms.filter((entry) => entry.id !== room.id);
    return rooms.some((entry) => entry.id === room.id) ? rooms.map((entry) => (entry.id === room.id ? { ...entry, ...shown } : entry)) : [...rooms, shown];
  });
}

/** A command the server refused or that became a conflict: what it showed goes (a new item, room or message), the rest is read again. */
export function withdraw(queryClient: QueryClient, command: OutboxCommand): void {
  const { projectId } = command;
  if (command.route === 'postChat') queryClient.setQueryData<ChatMessage[]>(queryKeys.chat(projectId), (messages) => messages?.filter((entry) => entry.id !== command.id));
  if (command.route === 'createItem' && command.roomId) queryClient.setQueryData<ChecklistItem[]>(queryKeys.items(command.roomId), (items) => items?.filter((item) => item.id !== command.itemId));
  if (command.route === 'createRoom') queryClient.setQueryData<Room[]>(queryKeys.rooms(projectId), (rooms) => rooms?.filter((room) => room.id !== command.roomId));
  refreshAfter(queryClient, [command]);
}

/**
 * A read marked stale, asked again now if a page shows it. A read under way starts over then, but
 * not a first read (TanStack Query lets one with no data yet finish) nor one no page shows yet:
 * asked before the change landed, its answer would clear the mark, so it is asked again once that
 * answer is in (a page opened as the outbox sent what it kept showed the punch count from before).
 */
function refresh(queryClient: QueryClient, queryKey: QueryKey): void {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  const olderAnswerComing = query?.state.fetchStatus === 'fetching' && (query.state.data === undefined || !query.isActive());
  void queryClient.invalidateQueries({ queryKey, exact: true });
  if (!query || !olderAnswerComing) return;
  const stop = cache.subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus === 'fetching') return;
    stop();
    void queryClient.invalidateQueries({ queryKey, exact: true });
  });
}

/** After commands settled: what they may have moved is read again (counters, rooms' progress, the panels, the history). */
export function refreshAfter(queryClient: QueryClient, commands: readonly OutboxCommand[]): void {
  for (const projectId of new Set(commands.map((command) => command.projectId))) {
    const settled = commands.filter((command) => command.projectId === projectId);
    const keys: QueryKey[] = [queryKeys.stats(projectId), queryKeys.rooms(projectId), queryKeys.selections(projectId), queryKeys.history(projectId)];
    for (const roomId of new Set(settled.flatMap((command) => (command.roomId && command.route !== 'deleteRoom' ? [command.roomId] : [])))) keys.push(queryKeys.items(roomId));
    if (settled.some((command) => command.route === 'postChat')) keys.push(queryKeys.chat(projectId));
    if (settled.some((command) => command.route === 'patchProject')) keys.push(queryKeys.checklist(projectId));
    // Issue 30: a punch item's change moves the checklist's punch counts and the punch list.
    if (settled.some((command) => punchRoutes.includes(command.route))) keys.push(queryKeys.checklist(projectId), punchItemsKey(projectId));
    for (const queryKey of keys) refresh(queryClient, queryKey);
    for (const itemId of new Set(settled.flatMap((command) => (command.itemId ? [command.itemId] : [])))) void queryClient.invalidateQueries({ queryKey: queryKeys.itemHistory(itemId) });
  }
}
