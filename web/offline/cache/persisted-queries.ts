import type { QueryClient, QueryKey, QueryState } from '@tanstack/react-query';
import type { Room } from '../../../contract/projects';
import { queryKeys } from '../../api/query-keys';

/**
 * Which reads are kept on the device, and for how long: the signed-in user and their chat
 * session, the project lists, and per project its checklist (details, stats, rooms, each room's
 * items), its decisions and budget, its chat and its action history. Not the Audit page nor an
 * item's history (read on demand, online). A project's reads are kept 30 days after they were
 * last read from the server, a pinned project's ('Keep offline') for as long as it is pinned.
 */

export const KEEP_FOR_MS = 30 * 24 * 60 * 60 * 1000;

/** The project-level reads kept (the third part of `['projects', id, …]`). */
const projectParts = new Set(['checklist', 'stats', 'rooms', 'chat', 'history', 'selections']);
const userKeys = new Set([queryKeys.me, queryKeys.userSession, queryKeys.projects, queryKeys.projectsWithStats, queryKeys.clientProjects].map((key) => JSON.stringify(key)));

/**
 * Kept reads stay in memory as long as on the device, or one no screen shows would be dropped
 * after 5 minutes (the default gcTime) and left out of the next save. Not `gcTime: KEEP_FOR_MS`:
 * 30 days is past the largest delay a timer takes (2^31 − 1 ms, 24.8 days), and Query's
 * garbage-collection timer then fires at once and drops the read. Never collected in memory; the
 * 30 days are applied when the cache is saved and restored (keptReads).
 */
export function persistedQueryDefaults(queryClient: QueryClient): void {
  for (const family of [queryKeys.me, queryKeys.userSession, queryKeys.projects, queryKeys.clientProjects, queryKeys.allItems]) {
    queryClient.setQueryDefaults(family, { gcTime: Number.POSITIVE_INFINITY });
  }
}

type Owner = { kind: 'user' } | { kind: 'project'; projectId: string } | { kind: 'room'; roomId: string } | null;

/** Who a key belongs to: the person (always kept), a project, a room (its project's, through the rooms list), or nothing kept. */
export function ownerOf(key: QueryKey): Owner {
  if (userKeys.has(JSON.stringify(key))) return { kind: 'user' };
  const [family, id, part] = key;
  if (family === 'projects' && typeof id === 'string' && typeof part === 'string' && projectParts.has(part)) return { kind: 'project', projectId: id };
  if (family === 'rooms' && typeof id === 'string' && part === 'items' && key.length === 3) return { kind: 'room', roomId: id };
  return null;
}

/** A read as the cache holds it and as it is stored (both have these two). */
interface Read {
  queryKey: QueryKey;
  state: Pick<QueryState, 'status' | 'data' | 'dataUpdatedAt'>;
}

/**
 * Which of `reads` are kept: successful reads of kept keys, read in the last 30 days or of a
 * pinned project. A room's items go with its project (found through the rooms lists among `reads`).
 * Applied when the cache is saved and again when it is restored (a read may have aged meanwhile).
 */
export function keptReads(reads: readonly Read[], pinned: ReadonlySet<string>, now = Date.now()): (read: Read) => boolean {
  const projectOfRoom = new Map<string, string>();
  for (const { queryKey, state } of reads) {
    if (queryKey[0] !== 'projects' || queryKey[2] !== 'rooms' || queryKey.length !== 3 || !Array.isArray(state.data)) continue;
    for (const room of state.data as readonly Room[]) projectOfRoom.set(room.id, queryKey[1] as string);
  }
  return ({ queryKey, state }) => {
    if (state.status !== 'success') return false;
    const owner = ownerOf(queryKey);
    if (!owner) return false;
    if (owner.kind === 'user') return true;
    const projectId = owner.kind === 'project' ? owner.projectId : projectOfRoom.get(owner.roomId);
    return (projectId !== undefined && pinned.has(projectId)) || now - state.dataUpdatedAt < KEEP_FOR_MS;
  };
}
