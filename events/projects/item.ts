import canonicalize from 'canonicalize';
import { eventGuard, type Actor, type Decider } from '../decider';
import { forbidden, invalid, notFound } from '../errors';
import { itemEvents, itemStreamId, type BudgetField, type CabinetDetails, type ItemEvent, type ListField, type PhotoPublishedData } from './events';
import { editConflicts, EditConflict, idTaken, mergeCabinetDetails, mergeList, type EditBase, type EditedTexts } from './edit-base';
import { clientChanged, seenSelection, selectionFieldOf } from './item-approval';
import { checkCabinetDetails, checkDetails, checkList, checkMoney, countedEntries } from './item-fields';
import { initialItemState, type ItemState } from './item-state';
import { decidePhotoMarkup, decidePhotoPairs, withMarkup } from './item-photos';
import type { Markup, PhotoPair } from '../uploads/markup';
import { limits, type Flag, type ItemCategory, type ItemType } from './model';
import type { Sha256 } from './selection';
import { dateMessage, isCalendarDate, leadTimeMessage } from './values';

/**
 * A checklist item's rules: what each command may do, by whom, and the events it gives (its
 * state is ./item-state.ts). Three independent flags, details, reference links and images,
 * cabinet details, budget, schedule, the client's answer. Selected is the contractor's to set,
 * Installed the client's, Purchased either's. Complete means all three are set; it is derived,
 * never stored by a command. The checks of the fields' values are ./item-fields.ts, those of the
 * client's answer ./item-approval.ts.
 */

export { initialItemState, type ApprovalState, type ItemState } from './item-state';

export type ItemCommand =
  | { type: 'add'; itemId: string; roomId: string; category: ItemCategory; name: string; itemType: ItemType; details: string; order: number; cabinetDetails: CabinetDetails | null; fromTemplate?: true }
  | { type: 'setFlag'; flag: Flag; value: boolean }
  /**
   * Field mode (issue 29, ./edit-base.ts): the texts of one edit against the values its editor
   * saw; decides nothing, or refuses the whole edit naming every text someone else changed.
   * It comes before the edit's other commands, so the item it answers with is the current one.
   */
  | { type: 'checkBase'; edits: EditedTexts; base: EditBase }
  | { type: 'editDetails'; details: string }
  /** With `base` (the list as its editor saw it), merged three-way into the current list. */
  | { type: 'setList'; field: ListField; values: readonly string[]; base?: readonly string[] }
  /** With `base`, merged key by key into the current details (its conflicts are checkBase's). */
  | { type: 'editCabinetDetails'; cabinetDetails: CabinetDetails | null; base?: CabinetDetails | null }
  | { type: 'recordPhoto'; photo: PhotoPublishedData }
  /** Issue 30: one photo's markup (null removes it); with `base`, the markup as its editor saw it (./item-photos.ts). */
  | { type: 'setPhotoMarkup'; objectPath: string; markup: Markup | null; base?: Markup | null }
  /** Issue 30: the item's before / after pairs, the whole list. */
  | { type: 'setPhotoPairs'; pairs: readonly PhotoPair[] }
  | { type: 'setBudget'; field: BudgetField; value: number | null }
  | { type: 'setSchedule'; field: 'decideBy'; value: string | null }
  | { type: 'setSchedule'; field: 'leadTimeDays'; value: number | null }
  /**
   * `at`: the answer's time; `sha256`: the server's hash function (see selection.ts); `seen`: the
   * selection's hash as the client read it (a different current one refuses the answer).
   */
  | { type: 'approve'; at: string; sha256: Sha256; seen: string }
  | { type: 'decline'; at: string; reason: string; sha256: Sha256; seen: string }
  /** The project moved to another client (issue 27): an answer given by `by`, the previous client, no longer stands. */
  | { type: 'clearAnswerOf'; by: string }
  | { type: 'delete' };

/**
 * Who may do what to items is the project's business: the caller checks membership first (so a
 * client here is the project's assigned client). A change to the selection voids the client's
 * approval or decline of it (an ItemApprovalCleared naming the field follows the change).
 */
export function decideItem(command: ItemCommand, state: ItemState, actor: Actor): ItemEvent[] {
  const events = decideChange(command, state, actor);
  const changed = events.find((event) => selectionFieldOf(event) !== undefined);
  if (!changed || !state.approval) return events;
  return [...events, { type: 'ItemApprovalCleared', data: { field: selectionFieldOf(changed)!, was: state.approval.status } }];
}

function decideChange(command: ItemCommand, state: ItemState, actor: Actor): ItemEvent[] {
  if (command.type === 'add') {
    if (actor.role !== 'contractor') throw forbidden('Only the contractor can add items.');
    // A client-made id (field mode) may be taken, by anyone's item, even a deleted one.
    if (state.exists || state.itemId) throw idTaken();
    const name = command.name.trim();
    if (!name) throw invalid('name', 'Item name is required');
    checkDetails(command.details);
    checkCabinetDetails(command.cabinetDetails);
    const { type: _, ...data } = command;
    return [{ type: 'ItemAdded', data: { ...data, name } }];
  }
  if (!state.exists) throw notFound('Checklist item');
  switch (command.type) {
    case 'setFlag': {
      if (command.flag === 'selected' && actor.role !== 'contractor') throw forbidden('Only the contractor can set Selected.');
      if (command.flag === 'installed' && actor.role !== 'client') throw forbidden('Only the client can set Installed.');
      return state[command.flag] === command.value ? [] : [{ type: 'ItemFlagSet', data: { flag: command.flag, value: command.value } }];
    }
    case 'checkBase': {
      const current = editConflicts(state, command.edits, command.base);
      if (current) throw new EditConflict(current, state);
      return [];
    }
    case 'editDetails':
      checkDetails(command.details);
      return state.details === command.details ? [] : [{ type: 'ItemDetailsEdited', data: { from: state.details, to: command.details } }];
    case 'setList': {
      const before = state[command.field];
      const sent = command.base === undefined ? command.values : mergeList(before, trimmed(command.base), trimmed(command.values), countedEntries(command.field, state.category));
      const values = checkList(command.field, sent, state.category);
      const same = before.length === values.length && before.every((value, i) => value === values[i]);
      return same ? [] : [{ type: 'ItemListChanged', data: { field: command.field, from: [...before], to: values } }];
    }
    case 'editCabinetDetails': {
      const to = command.base === undefined ? command.cabinetDetails : mergeCabinetDetails(state.cabinetDetails, command.base, command.cabinetDetails).merged;
      checkCabinetDetails(to);
      const same = canonicalize(state.cabinetDetails) === canonicalize(to);
      return same ? [] : [{ type: 'CabinetDetailsEdited', data: { from: state.cabinetDetails, to } }];
    }
    case 'recordPhoto': {
      // Either person may add photos; the upload was checked before it was published.
      return [{ type: 'PhotoPublished', data: command.photo }];
    }
    case 'setPhotoMarkup':
      return decidePhotoMarkup(state, command.objectPath, command.markup, command.base);
    case 'setPhotoPairs':
      return decidePhotoPairs(state, command.pairs);
    case 'setBudget': {
      if (command.field === 'allowance' && actor.role !== 'contractor') throw forbidden('Only the contractor can set an allowance.');
      checkMoney(command.field, command.value);
      const before = state[command.field];
      return before === command.value ? [] : [{ type: 'ItemBudgetSet', data: { field: command.field, from: before, to: command.value } }];
    }
    case 'setSchedule': {
      if (actor.role !== 'contractor') throw forbidden('Only the contractor can set when a decision is due.');
      if (command.field === 'decideBy') {
        if (command.value !== null && !isCalendarDate(command.value)) throw invalid('decideBy', dateMessage);
        return state.decideBy === command.value ? [] : [{ type: 'ItemScheduleSet', data: { field: 'decideBy', from: state.decideBy, to: command.value } }];
      }
      if (command.value !== null && !(Number.isInteger(command.value) && command.value >= 0 && command.value <= limits.leadTimeDays)) {
        throw invalid('leadTimeDays', leadTimeMessage);
      }
      return state.leadTimeDays === command.value ? [] : [{ type: 'ItemScheduleSet', data: { field: 'leadTimeDays', from: state.leadTimeDays, to: command.value } }];
    }
    case 'approve': {
      if (actor.role !== 'client') throw forbidden('Only the client can approve a selection.');
      const { selection, selectionHash } = seenSelection(state, command);
      if (state.approval?.status === 'approved' && state.approval.selectionHash === selectionHash) return [];
      return [{ type: 'ItemApproved', data: { approvedAt: command.at, approvedBy: actor.userId, selectionHash, selection: { ...selection } } }];
    }
    case 'decline': {
      if (actor.role !== 'client') throw forbidden('Only the client can decline a selection.');
      const reason = command.reason.trim();
      if (!reason) throw invalid('reason', 'Reason is required');
      if (reason.length > limits.declineReason) throw invalid('reason', `must be at most ${limits.declineReason} characters`);
      const { selectionHash } = seenSelection(state, command);
      return [{ type: 'ItemDeclined', data: { declinedAt: command.at, declinedBy: actor.userId, selectionHash, reason } }];
    }
    case 'clearAnswerOf':
      if (actor.role === 'client') throw forbidden('Only the contractor can move the project to another client.');
      return state.approval?.by === command.by ? [{ type: 'ItemApprovalCleared', data: { field: clientChanged, was: state.approval.status } }] : [];
    case 'delete':
      if (actor.role !== 'contractor') throw forbidden('Only the contractor can delete items.');
      return [{ type: 'ItemDeleted', data: { itemId: state.itemId } }];
  }
}

const trimmed = (values: readonly string[]) => values.map((value) => value.trim());

export function evolveItem(state: ItemState, event: ItemEvent): ItemState {
  switch (event.type) {
    case 'ItemAdded':
      return { ...initialItemState, ...event.data, exists: true };
    case 'ItemFlagSet':
      return { ...state, [event.data.flag]: event.data.value };
    case 'ItemDetailsEdited':
      return { ...state, details: event.data.to };
    case 'ItemListChanged':
      return { ...state, [event.data.field]: event.data.to };
    case 'CabinetDetailsEdited':
      return { ...state, cabinetDetails: event.data.to };
    case 'PhotoPublished':
      // Recorded for the history; the photo joins a list only when the item's images are saved.
      return state;
    case 'ItemDeleted':
      return { ...state, exists: false };
    case 'ItemBudgetSet':
      return { ...state, [event.data.field]: event.data.to };
    case 'ItemScheduleSet':
      return { ...state, [event.data.field]: event.data.to };
    case 'ItemApproved':
      return { ...state, approval: { status: 'approved', at: event.data.approvedAt, by: event.data.approvedBy, selectionHash: event.data.selectionHash } };
    case 'ItemDeclined':
      return { ...state, approval: { status: 'declined', at: event.data.declinedAt, by: event.data.declinedBy, selectionHash: event.data.selectionHash, reason: event.data.reason } };
    case 'ItemApprovalCleared':
      return { ...state, approval: null };
    case 'PhotoMarkupSet':
      return { ...state, photoMarkup: withMarkup(state, event.data.objectPath, event.data.to) };
    case 'PhotoPairsChanged':
      return { ...state, photoPairs: event.data.to };
  }
}

/** The checklist item aggregate, as the command runner and the projections use it. */
export const itemDecider: Decider<ItemCommand, ItemState, ItemEvent> = {
  streamId: itemStreamId,
  initialState: initialItemState,
  decide: decideItem,
  evolve: evolveItem,
  owns: eventGuard<ItemEvent>(itemEvents),
  // The state is plain JSON: kept on the stream's head (raise the schema when it or evolve changes).
  snapshot: { schema: 4 },
};
