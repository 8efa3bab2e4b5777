import canonicalize from 'canonicalize';
import { DomainError } from '../errors';
import type { CabinetDetails } from './events';
import type { ItemState } from './item-state';

/**
 * Field mode (issue 29): an edit made offline reaches the server late, after others may have
 * changed the same item. It carries `base`, the values as they were on the editor's screen, and
 * is decided by value against it:
 *
 * - a text (details, a room's name; each key of the cabinet details) that someone else changed
 *   since the base, and that this edit changes to something else, is a conflict (409), never a
 *   silent overwrite;
 * - a list (links, images) never conflicts: current − (base − mine) + (mine − base), so an added
 *   link lands beside what others added meanwhile and a removal removes only that entry;
 * - without a base, the edit applies as sent (last write wins), as the online app always did.
 */

export const EDIT_CONFLICT_MESSAGE = 'Someone else changed this since you edited it';
export const ID_TAKEN_MESSAGE = 'This id is already used';

/** The values of an item as the editor saw them before the edit (any of them). */
export interface EditBase {
  readonly details?: string;
  readonly cabinetDetails?: CabinetDetails | null;
  readonly referenceLinks?: readonly string[];
  readonly referenceImages?: readonly string[];
  readonly cabinetLinks?: readonly string[];
  readonly cabinetImages?: readonly string[];
}

/** The texts an edit sets, as checked against its base. */
export interface EditedTexts {
  readonly details?: string;
  readonly cabinetDetails?: CabinetDetails | null;
}

/** Each conflicting text's current value (cabinet details: the whole current object). */
export type ConflictingValues = { details?: string; cabinetDetails?: CabinetDetails | null };

const same = (a: unknown, b: unknown) => canonicalize(a ?? null) === canonicalize(b ?? null);

/** Someone else changed it since the base, and this edit changes it to something else. */
export const textConflicts = <T>(current: T, base: T, mine: T): boolean => !same(current, base) && !same(mine, base) && !same(mine, current);

/**
 * A list merged three-way: `current` less what this edit removed from its base, plus what it
 * added, in current order with additions appended, no entry twice. The first `positional`
 * entries are values by position (a door knob item's passage and locking counts): each is this
 * edit's where it changed it, else the current one.
 *
 * @example
 * mergeList(['a', 'c'], ['a'], ['a', 'b']) // ['a', 'c', 'b']: 'c' (someone else's) and 'b' (mine) both kept
 */
export function mergeList(current: readonly string[], base: readonly string[], mine: readonly string[], positional = 0): string[] {
  const head: (string | undefined)[] = Array.from({ length: positional }, (_, i) => (mine[i] !== base[i] ? mine[i] : current[i]));
  const [now, was, sent] = [current.slice(positional), base.slice(positional), mine.slice(positional)];
  const removed = new Set(was.filter((entry) => !sent.includes(entry)));
  const added = sent.filter((entry) => !was.includes(entry));
  const rest = [...new Set([...now.filter((entry) => !removed.has(entry)), ...added])];
  // Counts that neither side has stay absent, unless entries follow them.
  if (!rest.length) while (head.length && head.at(-1) === undefined) head.pop();
  return [...head.map((entry) => entry ?? ''), ...rest];
}

type CabinetValue = CabinetDetails[keyof CabinetDetails];

/**
 * Cabinet details merged key by key: a key only one side changed takes that side's value; a
 * text or flag both changed differently is a conflict (named in `conflicts`, this edit's value
 * kept in `merged`); a part's links and images merge as lists. Null (no cabinet details) is an
 * object with no keys; the merge of nothing is null.
 */
export function mergeCabinetDetails(current: CabinetDetails | null, base: CabinetDetails | null, mine: CabinetDetails | null): { merged: CabinetDetails | null; conflicts: string[] } {
  const now: Record<string, CabinetValue> = current ?? {};
  const was: Record<string, CabinetValue> = base ?? {};
  const sent: Record<string, CabinetValue> = mine ?? {};
  const merged: Record<string, CabinetValue> = {};
  const conflicts: string[] = [];
  for (const key of new Set([...Object.keys(now), ...Object.keys(sent), ...Object.keys(was)])) {
    const [c, b, m] = [now[key], was[key], sent[key]];
    let value: CabinetValue;
    if (Array.isArray(c) || Array.isArray(b) || Array.isArray(m)) {
      // A part's list that neither side has now stays absent.
      value = Array.isArray(c) || Array.isArray(m) ? mergeList(asList(c), asList(b), asList(m)) : undefined;
    } else {
      if (textConflicts(c, b, m)) conflicts.push(key);
      value = same(m, b) ? c : m;
    }
    if (value !== undefined) merged[key] = value;
  }
  const empty = Object.keys(merged).length === 0;
  return { merged: empty && (mine === null || current === null) ? null : (merged as CabinetDetails), conflicts };
}

const asList = (value: CabinetValue): readonly string[] => (Array.isArray(value) ? value : []);

/** The texts of `edit` that conflict with the item as it is now, with their current values; none: undefined. */
export function editConflicts(state: Pick<ItemState, 'details' | 'cabinetDetails'>, edit: EditedTexts, base: EditBase): ConflictingValues | undefined {
  const current: ConflictingValues = {};
  if (edit.details !== undefined && base.details !== undefined && textConflicts(state.details, base.details, edit.details)) current.details = state.details;
  if (edit.cabinetDetails !== undefined && base.cabinetDetails !== undefined && mergeCabinetDetails(state.cabinetDetails, base.cabinetDetails, edit.cabinetDetails).conflicts.length) {
    current.cabinetDetails = state.cabinetDetails;
  }
  return Object.keys(current).length ? current : undefined;
}

/** An item edit refused for its stale base: the current values of the conflicting texts, and the item as it is. */
export class EditConflict extends DomainError {
  constructor(
    readonly current: ConflictingValues,
    readonly item: ItemState,
  ) {
    super('conflict', EDIT_CONFLICT_MESSAGE, Object.fromEntries(Object.keys(current).map((field) => [field, [EDIT_CONFLICT_MESSAGE]])));
  }
}

/** A room rename refused for its stale base: the room's name now. */
export class RoomNameConflict extends DomainError {
  constructor(
    readonly roomId: string,
    readonly customName: string | null,
  ) {
    super('conflict', EDIT_CONFLICT_MESSAGE, { customName: [EDIT_CONFLICT_MESSAGE] });
  }
}

/** A create whose client-made id is already taken: by what, or whose, is not said. */
export const idTaken = () => new DomainError('conflict', ID_TAKEN_MESSAGE, { id: [ID_TAKEN_MESSAGE] });
