import type { QueryClient } from '@tanstack/react-query';
import type { ChecklistItem, ProjectStats, Room, SelectionChangedAnswer } from '../../contract/projects';
import { apiFlagField, apiFlagStats } from '../../contract/flags';
import type { RouteInputs } from '../../contract/inputs';
import type { User } from '../../events/accounts/schemas';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { submit, type Submitted } from '../offline/outbox/submit';

/** The checklist page's writes (spec section 7: projects, rooms, checklist items); the reads are in `queries`. */

/** Spec section 3: every counter is 0 until the stats are loaded. */
const none = { selected: 0, installed: 0 };
export const emptyStats: ProjectStats = { completed: 0, total: 0, percentage: 0, ...apiFlagStats(none, none) };

/** A new item's body as a section adds it (with the id the app gives it): every flag off (the API's own names for them) and no details. */
export const newItemBody = (item: Pick<RouteInputs['createItem'], 'id' | 'roomId' | 'category' | 'name' | 'itemType' | 'cabinetDetails' | 'order'>): RouteInputs['createItem'] => ({
  id: item.id,
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
});

/** The project whose cached rooms include this one. */
function projectOfRoom(queryClient: QueryClient, roomId: string): string {
  for (const [, rooms] of queryClient.getQueriesData<Room[]>({ queryKey: queryKeys.projects })) {
    const room = Array.isArray(rooms) ? rooms.find((entry) => entry?.id === roomId && typeof entry.projectId === 'string') : undefined;
    if (room) return room.projectId;
  }
  return '';
}

/**
 * The client answers the selection they see: its hash goes with the answer (issue 27), through the
 * outbox (an answer made offline is refused at the server if the selection changed meanwhile).
 */
export function answerSelection(queryClient: QueryClient, item: ChecklistItem, answer: { approve: true } | { reason: string }): Promise<Submitted> {
  const approve = 'approve' in answer;
  return submit({
    route: approve ? 'approveItem' : 'declineItem',
    params: { id: item.id },
    body: approve ? { selectionHash: item.selectionHash } : { reason: answer.reason, selectionHash: item.selectionHash },
    projectId: projectOfRoom(queryClient, item.roomId),
    userId: queryClient.getQueryData<User | null>(queryKeys.me)?.id ?? '',
    itemId: item.id,
    roomId: item.roomId,
    baseVersion: item.version,
    label: `${approve ? 'Approved' : 'Declined'} ${item.name}`,
  });
}

/** The item as it is now, when an approval or decline met a selection changed since it was read (409); else undefined. */
export function changedSelection(error: unknown): ChecklistItem | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const item = (error.body as Partial<SelectionChangedAnswer> | undefined)?.item;
  return item && typeof item === 'object' && typeof item.selectionHash === 'string' ? item : undefined;
}

