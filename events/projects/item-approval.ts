import { DomainError } from '../errors';
import type { ItemEvent } from './events';
import type { ItemState } from './item-state';
import { canonicalSelection, isSelectionField, selectionOf, type Selection, type Sha256 } from './selection';

/**
 * The client's answer to an item's selection (issues 18 and 27), as the item decider (./item.ts)
 * gives and voids it: which change voids it, and the refusal of an answer to a selection the
 * client has not seen.
 */

/** The selection field an event changes, if it changes one. */
export function selectionFieldOf(event: ItemEvent): string | undefined {
  switch (event.type) {
    case 'ItemDetailsEdited':
      return 'details';
    case 'CabinetDetailsEdited':
      return 'cabinetDetails';
    case 'ItemListChanged':
    case 'ItemBudgetSet':
      return isSelectionField(event.data.field) ? event.data.field : undefined;
    default:
      return undefined;
  }
}

/** What an ItemApprovalCleared names when the project's client changed, not the selection. */
export const clientChanged = 'client';

/**
 * An approval or decline sent for a selection other than the item's current one (issue 27): the
 * client answers what they saw, so a change they have not seen refuses the answer (409). Carries
 * the item as it is now, for the answer to show the current selection.
 */
export class SelectionChanged extends DomainError {
  constructor(readonly item: ItemState) {
    super('conflict', `selectionHash: ${selectionChangedMessage}`, { selectionHash: [selectionChangedMessage] });
  }
}

export const selectionChangedMessage = 'The selection changed since you saw it. Check the new selection and answer again.';

/** The item's selection and its hash, if it is the one the client saw; refused otherwise. */
export function seenSelection(state: ItemState, command: { sha256: Sha256; seen: string }): { selection: Selection; selectionHash: string } {
  const selection = selectionOf(state);
  const selectionHash = command.sha256(canonicalSelection(state));
  if (selectionHash !== command.seen) throw new SelectionChanged(state);
  return { selection, selectionHash };
}
