import { notFound } from '../../events/errors';
import type { Principal } from '../auth/session-token';
import { locationIn } from '../projections/item-views';
import { accessibleRoom, itemLocation } from './read';

/** Where an item lives, if the caller may see it (404 otherwise, as if it did not exist). */
export async function accessibleItemLocation(principal: Principal, itemId: string) {
  const pointer = await itemLocation(itemId);
  if (!pointer) throw notFound('Checklist item');
  const { summary, room } = await accessibleRoom(principal, pointer.roomId).catch(() => {
    throw notFound('Checklist item');
  });
  return { ...locationIn(room), tenantId: summary.contractorId };
}
