import { notFound } from '../../events/errors';
import type { ItemState } from '../../events/projects/item';
import { itemStreamId } from '../../events/streams';
import type { Principal } from '../auth/session-token';
import { locationIn, type ItemView } from '../projections/item-views';
import { streamHeadOf, type StreamHead } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';
import { refuseIfArchived } from './archived-project';
import { isMember, itemLocation } from './read';
import type { ProjectSummaryView, RoomView } from '../projections/project-views';

/** An item route's preload: the item's stream head, read with the session (see httpHandler's `preload`). */
export const itemHeadPreload = ({ id }: { id: string }) => [stateKeys.streamHead(itemStreamId(id))];

/**
 * Where an item lives, if the caller may see it (404 otherwise, as if it did not exist), and its
 * stream head when the request preloaded it. The head's snapshot names the item's project and
 * room, so the project's summary (who may see it) and the room (its name, for the history) are
 * then one BatchGetItem; without a snapshot, the item's pointer is read first. The room's counters
 * as read let the command settle the room's completion in its own transaction (itemViews). A
 * summary the request read already (`knownSummary`, a client's held-tenant check) is not read again.
 */
export async function accessibleItem(
  principal: Principal,
  itemId: string,
  preloadedHead?: Record<string, unknown>,
  knownSummary?: Record<string, unknown>,
): Promise<{ location: ReturnType<typeof locationIn> & { tenantId: string }; room: RoomView; head?: StreamHead; view?: ItemView }> {
  const head = preloadedHead && streamHeadOf(preloadedHead);
  const snapshot = head?.snapshot?.state as ItemState | undefined;
  const where = head?.projectId && snapshot?.exists ? { projectId: head.projectId, roomId: snapshot.roomId } : await itemLocation(itemId);
  if (!where) throw notFound('Checklist item');
  // The item's own view only when it may hold a client's answer, whose approver's name it keeps (itemViews).
  const withView = !snapshot || Boolean(snapshot.approval);
  const summaryKey = stateKeys.projectSummary(where.projectId);
  const known = knownSummary?.pk === summaryKey.pk && knownSummary.sk === summaryKey.sk ? (knownSummary as unknown as ProjectSummaryView) : undefined;
  const keys = [stateKeys.projectRoom(where.projectId, where.roomId), ...(withView ? [stateKeys.roomItem(where.roomId, itemId)] : [])];
  const [summary, room, view] = known
    ? [known, ...(await getStateItems<[RoomView, ItemView]>(keys))]
    : await getStateItems<[ProjectSummaryView, RoomView, ItemView]>([summaryKey, ...keys]);
  // Before the room: an archived project's rooms are gone, yet its people should hear why.
  if (summary && isMember(summary, principal)) refuseIfArchived(summary);
  if (!summary || !room || !isMember(summary, principal)) throw notFound('Checklist item');
  return { location: { ...locationIn(room), tenantId: summary.contractorId }, room, head, ...(view ? { view } : {}) };
}

/** Where an item lives, if the caller may see it (404 otherwise). */
export const accessibleItemLocation = async (principal: Principal, itemId: string) => (await accessibleItem(principal, itemId)).location;
