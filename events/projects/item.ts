import { eventGuard, type Actor, type Decider } from '../decider';
import { DomainError, forbidden, invalid, notFound } from '../errors';
import canonicalize from 'canonicalize';
import type { ItemPatchInput } from './inputs';
import { cabinetDetailsSchema, itemEvents, listFields, itemStreamId, type BudgetField, type CabinetDetails, type ItemEvent, type ListField } from './events';
import { isImageRef, isWebUrl } from './links';
import { flagFields, isComplete, limits, type Flag, type ItemCategory, type ItemType } from './model';
import { canonicalSelection, isSelectionField, selectionOf, type Selection, type Sha256 } from './selection';
import { dateMessage, isCalendarDate, isMoney, leadTimeMessage, moneyMessage } from './values';

/**
 * A checklist item: three independent flags, details, reference links and images, cabinet
 * details. Selected is the contractor's to set, Installed the client's, Purchased either's.
 * Complete means all three are set; it is derived, never stored by a command.
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
  readonly contractorCompleted: boolean;
  readonly purchasesMade: boolean;
  readonly clientCompleted: boolean;
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
  contractorCompleted: false,
  purchasesMade: false,
  clientCompleted: false,
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
};


export type ItemCommand =
  | { type: 'add'; itemId: string; roomId: string; category: ItemCategory; name: string; itemType: ItemType; details: string; order: number; cabinetDetails: CabinetDetails | null; fromTemplate?: true }
  | { type: 'setFlag'; flag: Flag; value: boolean }
  | { type: 'editDetails'; details: string }
  | { type: 'setList'; field: ListField; values: readonly string[] }
  | { type: 'editCabinetDetails'; cabinetDetails: CabinetDetails | null }
  | { type: 'recordPhoto'; objectPath: string; contentType: string; bytes: number }
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

/** A PATCH (or PUT) of an item as commands, decided in turn as one change: flags, details, cabinet details, lists. */
export function itemPatchCommands(patch: ItemPatchInput): ItemCommand[] {
  const commands: ItemCommand[] = [];
  if (patch.contractorCompleted !== undefined) commands.push({ type: 'setFlag', flag: 'selected', value: patch.contractorCompleted });
  if (patch.purchasesMade !== undefined) commands.push({ type: 'setFlag', flag: 'purchased', value: patch.purchasesMade });
  if (patch.clientCompleted !== undefined) commands.push({ type: 'setFlag', flag: 'installed', value: patch.clientCompleted });
  if (patch.details !== undefined) commands.push({ type: 'editDetails', details: patch.details });
  if (patch.cabinetDetails !== undefined) commands.push({ type: 'editCabinetDetails', cabinetDetails: patch.cabinetDetails });
  for (const field of listFields) {
    const values = patch[field];
    if (values !== undefined) commands.push({ type: 'setList', field, values });
  }
  if (patch.allowance !== undefined) commands.push({ type: 'setBudget', field: 'allowance', value: patch.allowance });
  if (patch.cost !== undefined) commands.push({ type: 'setBudget', field: 'cost', value: patch.cost });
  if (patch.decideBy !== undefined) commands.push({ type: 'setSchedule', field: 'decideBy', value: patch.decideBy });
  if (patch.leadTimeDays !== undefined) commands.push({ type: 'setSchedule', field: 'leadTimeDays', value: patch.leadTimeDays });
  return commands;
}

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

/** The selection field an event changes, if it changes one. */
function selectionFieldOf(event: ItemEvent): string | undefined {
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

function decideChange(command: ItemCommand, state: ItemState, actor: Actor): ItemEvent[] {
  if (command.type === 'add') {
    if (actor.role !== 'contractor') throw forbidden('Only the contractor can add items.');
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
      return state[flagFields[command.flag]] === command.value ? [] : [{ type: 'ItemFlagSet', data: { flag: command.flag, value: command.value } }];
    }
    case 'editDetails':
      checkDetails(command.details);
      return state.details === command.details ? [] : [{ type: 'ItemDetailsEdited', data: { from: state.details, to: command.details } }];
    case 'setList': {
      const values = checkList(command.field, command.values, state.category);
      const before = state[command.field];
      const same = before.length === values.length && before.every((value, i) => value === values[i]);
      return same ? [] : [{ type: 'ItemListChanged', data: { field: command.field, from: [...before], to: values } }];
    }
    case 'editCabinetDetails': {
      checkCabinetDetails(command.cabinetDetails);
      const same = canonicalize(state.cabinetDetails) === canonicalize(command.cabinetDetails);
      return same ? [] : [{ type: 'CabinetDetailsEdited', data: { from: state.cabinetDetails, to: command.cabinetDetails } }];
    }
    case 'recordPhoto': {
      // Either person may add photos; the upload was checked before it was published.
      const { type: _, ...data } = command;
      return [{ type: 'PhotoPublished', data }];
    }
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
function seenSelection(state: ItemState, command: { sha256: Sha256; seen: string }): { selection: Selection; selectionHash: string } {
  const selection = selectionOf(state);
  const selectionHash = command.sha256(canonicalSelection(state));
  if (selectionHash !== command.seen) throw new SelectionChanged(state);
  return { selection, selectionHash };
}

function checkMoney(field: BudgetField, value: number | null): void {
  if (value !== null && !isMoney(value)) throw invalid(field, moneyMessage);
}

/**
 * Details: at most 500 characters. A Backsplash keeps Tile and Grout as JSON inside its details
 * (spec section 3); each of those is limited to 300 instead.
 */
function checkDetails(details: string): void {
  const backsplash = backsplashOf(details);
  if (backsplash) {
    for (const field of ['tile', 'grout'] as const) {
      if ((backsplash[field] ?? '').length > limits.backsplashField) {
        throw invalid(field, `${field === 'tile' ? 'Tile' : 'Grout'} must be at most ${limits.backsplashField} characters`);
      }
    }
    return;
  }
  if (details.length > limits.details) throw invalid('details', `Details must be at most ${limits.details} characters`);
}

function backsplashOf(details: string): { tile?: string; grout?: string } | undefined {
  if (!details.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(details);
    const isBacksplash = typeof parsed === 'object' && parsed !== null && ('tile' in parsed || 'grout' in parsed);
    return isBacksplash ? (parsed as { tile?: string; grout?: string }) : undefined;
  } catch {
    return undefined;
  }
}

function checkCabinetDetails(details: CabinetDetails | null): void {
  if (!details) return;
  const parsed = cabinetDetailsSchema.safeParse(details);
  const issue = parsed.error?.issues[0];
  if (issue) throw invalid(['cabinetDetails', ...issue.path].join('.'), issue.message);
  // The stored events' schema takes any text (old events must still pass); a new one takes only safe addresses.
  for (const [key, value] of Object.entries(details)) {
    if (!Array.isArray(value)) continue;
    const images = key.endsWith('Images');
    const unsafe = value.find((entry: string) => !(images ? isImageRef(entry) : isWebUrl(entry)));
    if (unsafe !== undefined) throw invalid(`cabinetDetails.${key}`, images ? imageMessage : linkMessage);
  }
}

export const linkMessage = 'Links must be http or https addresses';
export const imageMessage = 'Images must be http or https addresses or uploaded photos (/objects/…)';

/**
 * Reference links: no blank entry and no duplicate (spec section 5); links are http(s) URLs,
 * images also our /objects/ paths (issue 12). Door knob items keep their passage and locking door
 * counts in the first two entries (spec section 2), which are exempt: free text.
 */
function checkList(field: ListField, values: readonly string[], category: ItemCategory): string[] {
  const trimmed = values.map((value) => value.trim());
  const counted = field === 'referenceLinks' && category === 'door_knobs' ? 2 : 0;
  const rest = trimmed.slice(counted);
  if (rest.some((value) => !value)) throw invalid(field, 'Entries must not be empty');
  if (new Set(rest).size !== rest.length) throw invalid(field, 'Entries must not repeat');
  const images = field === 'referenceImages' || field === 'cabinetImages';
  if (!rest.every(images ? isImageRef : isWebUrl)) throw invalid(field, images ? imageMessage : linkMessage);
  return trimmed;
}

export function evolveItem(state: ItemState, event: ItemEvent): ItemState {
  switch (event.type) {
    case 'ItemAdded':
      return { ...initialItemState, ...event.data, exists: true };
    case 'ItemFlagSet':
      return { ...state, [flagFields[event.data.flag]]: event.data.value };
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
  snapshot: { schema: 2 },
};

/** What an item counts for in its room's and project's progress. */
export interface ItemCounts {
  readonly total: number;
  readonly completed: number;
  readonly contractorCompleted: number;
  readonly clientCompleted: number;
  readonly purchased: number;
}

export const countsOf = (item: ItemState): ItemCounts =>
  item.exists
    ? {
        total: 1,
        completed: isComplete(item) ? 1 : 0,
        contractorCompleted: item.contractorCompleted ? 1 : 0,
        clientCompleted: item.clientCompleted ? 1 : 0,
        purchased: item.purchasesMade ? 1 : 0,
      }
    : { total: 0, completed: 0, contractorCompleted: 0, clientCompleted: 0, purchased: 0 };

/** How the counters move when an item goes from `before` to `after`. */
export function countsDelta(before: ItemState, after: ItemState): ItemCounts {
  const [b, a] = [countsOf(before), countsOf(after)];
  return {
    total: a.total - b.total,
    completed: a.completed - b.completed,
    contractorCompleted: a.contractorCompleted - b.contractorCompleted,
    clientCompleted: a.clientCompleted - b.clientCompleted,
    purchased: a.purchased - b.purchased,
  };
}

/** An item's allowance and cost in cents, as its room's and project's budget counters sum them (whole numbers add exactly). */
export interface BudgetCounts {
  readonly allowanceCents: number;
  readonly costCents: number;
}

const cents = (amount: number | null) => (amount === null ? 0 : Math.round(amount * 100));

export const budgetOf = (item: ItemState): BudgetCounts =>
  item.exists ? { allowanceCents: cents(item.allowance ?? null), costCents: cents(item.cost ?? null) } : { allowanceCents: 0, costCents: 0 };

/** How the budget counters move when an item goes from `before` to `after`. */
export function budgetDelta(before: ItemState, after: ItemState): BudgetCounts {
  const [b, a] = [budgetOf(before), budgetOf(after)];
  return { allowanceCents: a.allowanceCents - b.allowanceCents, costCents: a.costCents - b.costCents };
}
