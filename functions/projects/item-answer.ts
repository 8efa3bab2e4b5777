import type { ChecklistItem } from '../../contract/projects';
import type { ItemEvent } from '../../events/projects/events';
import type { ItemState } from '../../events/projects/item';
import type { SignedIn } from '../auth/sessions';
import { itemDto } from './dto';
import { itemItem, type ItemView } from '../projections/item-views';

/**
 * An item command's answer: the item after it, its approval named by whoever gave it (the caller,
 * when this change recorded it; else the name the item's view keeps, read with the access check),
 * at `version`, the item's stream version after it.
 */
export function answeredItem(projectId: string, after: ItemState, events: readonly ItemEvent[], who: { principal: SignedIn; view?: ItemView }, version: number): ChecklistItem {
  const answeredNow = events.some((event) => event.type === 'ItemApproved' || event.type === 'ItemDeclined');
  const name = answeredNow ? (who.principal.displayName ?? '') : after.approval && who.view?.approval?.by === after.approval.by ? who.view.approval.name : '';
  return itemDto(itemItem(projectId, after, name, version));
}
