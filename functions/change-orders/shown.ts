import type { Shown } from '../../events/change-orders/change-order';
import type { ItemView } from '../projections/item-views';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';

/**
 * The checklist items a change order names, as the client is shown them: their names now, and
 * whether each is an item of the project (pointer, then view: two BatchGetItems for up to 50).
 */
export async function itemsShown(projectId: string, itemIds: readonly string[]): Promise<{ itemNames: Record<string, string>; allOfProject: boolean }> {
  if (!itemIds.length) return { itemNames: {}, allOfProject: true };
  const pointers = await getStateItems<{ projectId: string; roomId: string }[]>(itemIds.map((id) => stateKeys.itemPointer(id)));
  const located = itemIds.flatMap((id, at) => (pointers[at]?.projectId === projectId ? [{ id, roomId: pointers[at]!.roomId }] : []));
  const views = located.length ? await getStateItems<ItemView[]>(located.map(({ id, roomId }) => stateKeys.roomItem(roomId, id))) : [];
  const itemNames = Object.fromEntries(located.flatMap(({ id }, at) => (views[at] ? [[id, views[at]!.name]] : [])));
  return { itemNames, allOfProject: Object.keys(itemNames).length === itemIds.length };
}

export const shownOf = (projectName: string, itemNames: Record<string, string>): Shown => ({ projectName, itemNames });
