import type { Markup, PhotoPair } from '../uploads/markup';
import type { CabinetDetails } from './events';
import type { ItemCategory, ItemType } from './model';

/**
 * A checklist item's state, as the item decider (./item.ts) folds it from the events: three
 * independent flags, details, reference links and images, cabinet details, budget, schedule and
 * the client's answer. Complete means all three flags are set; it is derived, never stored.
 */

export interface ItemState {
  readonly exists: boolean;
  readonly itemId: string;
  readonly roomId: string;
  readonly category: ItemCategory;
  readonly name: string;
  readonly itemType: ItemType;
  readonly order: number;
  readonly details: string;
  /** The flags (./model.ts `flags`): Selected is the contractor's to set, Installed the client's, Purchased either's. */
  readonly selected: boolean;
  readonly purchased: boolean;
  readonly installed: boolean;
  readonly referenceLinks: readonly string[];
  readonly referenceImages: readonly string[];
  readonly cabinetLinks: readonly string[];
  readonly cabinetImages: readonly string[];
  readonly cabinetDetails: CabinetDetails | null;
  /** Budget (issue 18): null while unset. */
  readonly allowance: number | null;
  readonly cost: number | null;
  /** When the selection is due (issue 18): a date, or days before the project's target completion. */
  readonly decideBy: string | null;
  readonly leadTimeDays: number | null;
  /** The client's answer to the current selection, until the selection changes. */
  readonly approval: ApprovalState | null;
  /** Issue 30: the markup drawn over each of the item's photos, by photo path; its before / after pairs. */
  readonly photoMarkup: Readonly<Record<string, Markup>>;
  readonly photoPairs: readonly PhotoPair[];
}

export type ApprovalState =
  | { readonly status: 'approved'; readonly at: string; readonly by: string; readonly selectionHash: string }
  | { readonly status: 'declined'; readonly at: string; readonly by: string; readonly selectionHash: string; readonly reason: string };

export const initialItemState: ItemState = {
  exists: false,
  itemId: '',
  roomId: '',
  category: 'standard',
  name: '',
  itemType: 'single',
  order: 0,
  details: '',
  selected: false,
  purchased: false,
  installed: false,
  referenceLinks: [],
  referenceImages: [],
  cabinetLinks: [],
  cabinetImages: [],
  cabinetDetails: null,
  allowance: null,
  cost: null,
  decideBy: null,
  leadTimeDays: null,
  approval: null,
  photoMarkup: {},
  photoPairs: [],
};
