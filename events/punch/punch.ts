import { eventGuard, type Actor, type Decider } from '../decider';
import { conflict, forbidden, invalid, notFound } from '../errors';
import { idTaken } from '../projects/edit-base';
import { dateMessage, isCalendarDate } from '../projects/values';
import { publishedKeyOf } from '../uploads/object-paths';
import { punchEvents, punchItemStreamId, type PunchEvent } from './events';
import { punchLimits, type PunchAssignee, type PunchStatus } from './model';

/**
 * A punch item's rules (issue 30). Either party adds one to a room. While it is open its author,
 * and the contractor (who runs the job), may change its fields; once fixed or accepted they stay
 * as they were checked. Only the contractor marks it fixed; only the client accepts a fixed one
 * (an open one cannot be accepted) or reopens a fixed or accepted one, saying why. Setting a
 * status it already has changes nothing (a phone may send it twice).
 */

export interface PunchFields {
  readonly itemId: string | null;
  readonly title: string;
  readonly note: string;
  readonly photos: readonly string[];
  readonly assignee: PunchAssignee;
  readonly dueDate: string | null;
}

export interface PunchState extends PunchFields {
  readonly exists: boolean;
  readonly punchItemId: string;
  readonly roomId: string;
  readonly status: PunchStatus;
  readonly authorId: string;
  readonly authorRole: 'contractor' | 'client';
  readonly fixNote: string;
  readonly fixPhoto: string | null;
  /** Why the client last reopened it (kept until it is accepted). */
  readonly reopenReason: string | null;
}

export const initialPunchState: PunchState = {
  exists: false,
  punchItemId: '',
  roomId: '',
  itemId: null,
  title: '',
  note: '',
  photos: [],
  assignee: { kind: 'contractor' },
  dueDate: null,
  status: 'open',
  authorId: '',
  authorRole: 'contractor',
  fixNote: '',
  fixPhoto: null,
  reopenReason: null,
};

export type PunchCommand =
  | ({ type: 'add'; punchItemId: string; roomId: string } & PunchFields)
  | { type: 'edit'; fields: Partial<PunchFields> }
  | { type: 'fix'; note: string; fixPhoto: string | null }
  | { type: 'accept' }
  | { type: 'reopen'; reason: string };

export const OPEN_CANNOT_BE_ACCEPTED = 'An open punch item cannot be accepted: the contractor marks it fixed first';
export const ONLY_CLIENT_ACCEPTS = 'Only the client can accept a punch item';
export const ONLY_CLIENT_REOPENS = 'Only the client can reopen a punch item';
export const ONLY_CONTRACTOR_FIXES = 'Only the contractor can mark a punch item fixed';
export const ACCEPTED_CANNOT_BE_FIXED = 'An accepted punch item cannot be marked fixed: the client reopens it first';
export const OPEN_CANNOT_BE_REOPENED = 'Only a fixed or accepted punch item can be reopened';
export const EDIT_ONLY_WHILE_OPEN = 'A punch item can be changed only while it is open';
export const EDIT_NOT_YOURS = 'Only its author or the contractor can change a punch item';

function checkText(field: 'title' | 'note', value: string): string {
  const text = value.trim();
  if (field === 'title' && !text) throw invalid('title', 'Title is required');
  if (text.length > punchLimits[field]) throw invalid(field, `must be at most ${punchLimits[field]} characters`);
  return text;
}

function checkPhoto(field: string, path: string): void {
  if (!publishedKeyOf(path)) throw invalid(field, 'must be a published photo (/objects/…)');
}

function checkFields(fields: Partial<PunchFields>): Partial<PunchFields> {
  const checked: { -readonly [K in keyof PunchFields]?: PunchFields[K] } = {};
  if (fields.title !== undefined) checked.title = checkText('title', fields.title);
  if (fields.note !== undefined) checked.note = checkText('note', fields.note);
  if (fields.itemId !== undefined) checked.itemId = fields.itemId;
  if (fields.photos !== undefined) {
    if (fields.photos.length > punchLimits.photos) throw invalid('photos', `at most ${punchLimits.photos} photos`);
    fields.photos.forEach((path) => checkPhoto('photos', path));
    checked.photos = [...new Set(fields.photos)];
  }
  if (fields.assignee !== undefined) {
    const assignee = fields.assignee;
    if (assignee.kind === 'trade') {
      const name = assignee.name.trim();
      if (!name) throw invalid('assignee', 'A trade needs a name');
      if (name.length > punchLimits.tradeName) throw invalid('assignee', `The trade's name must be at most ${punchLimits.tradeName} characters`);
      checked.assignee = { kind: 'trade', name };
    } else checked.assignee = { kind: 'contractor' };
  }
  if (fields.dueDate !== undefined) {
    if (fields.dueDate !== null && !isCalendarDate(fields.dueDate)) throw invalid('dueDate', dateMessage);
    checked.dueDate = fields.dueDate;
  }
  return checked;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decidePunch(command: PunchCommand, state: PunchState, actor: Actor): PunchEvent[] {
  if (command.type === 'add') {
    // A client-made id (field mode) may be taken already, by anyone's punch item.
    if (state.exists || state.punchItemId) throw idTaken();
    const fields = checkFields(command) as PunchFields;
    return [
      {
        type: 'PunchItemAdded',
        data: { punchItemId: command.punchItemId, roomId: command.roomId, ...fields, photos: [...fields.photos], authorId: actor.userId, authorRole: actor.role },
      },
    ];
  }
  if (!state.exists) throw notFound('Punch item');
  switch (command.type) {
    case 'edit': {
      if (actor.role !== 'contractor' && actor.userId !== state.authorId) throw forbidden(EDIT_NOT_YOURS);
      const fields = checkFields(command.fields);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [field, to] of Object.entries(fields) as [keyof PunchFields, unknown][]) {
        if (!same(state[field], to)) changes[field] = { from: state[field], to };
      }
      if (!Object.keys(changes).length) return [];
      if (state.status !== 'open') throw conflict(EDIT_ONLY_WHILE_OPEN);
      return [{ type: 'PunchItemEdited', data: { changes } as Extract<PunchEvent, { type: 'PunchItemEdited' }>['data'] }];
    }
    case 'fix': {
      if (actor.role !== 'contractor') throw forbidden(ONLY_CONTRACTOR_FIXES);
      if (state.status === 'fixed') return [];
      if (state.status === 'accepted') throw conflict(ACCEPTED_CANNOT_BE_FIXED);
      const note = command.note.trim();
      if (note.length > punchLimits.note) throw invalid('fixNote', `must be at most ${punchLimits.note} characters`);
      if (command.fixPhoto !== null) checkPhoto('fixPhoto', command.fixPhoto);
      return [{ type: 'PunchItemFixed', data: { note, fixPhoto: command.fixPhoto } }];
    }
    case 'accept':
      if (actor.role !== 'client') throw forbidden(ONLY_CLIENT_ACCEPTS);
      if (state.status === 'accepted') return [];
      if (state.status === 'open') throw conflict(OPEN_CANNOT_BE_ACCEPTED);
      return [{ type: 'PunchItemAccepted', data: {} }];
    case 'reopen': {
      if (actor.role !== 'client') throw forbidden(ONLY_CLIENT_REOPENS);
      const reason = command.reason.trim();
      if (!reason) throw invalid('reason', 'A reason is required to reopen a punch item');
      if (reason.length > punchLimits.reason) throw invalid('reason', `must be at most ${punchLimits.reason} characters`);
      if (state.status === 'open') throw conflict(OPEN_CANNOT_BE_REOPENED);
      return [{ type: 'PunchItemReopened', data: { reason } }];
    }
  }
}

export function evolvePunch(state: PunchState, event: PunchEvent): PunchState {
  switch (event.type) {
    case 'PunchItemAdded': {
      const { authorId, authorRole, ...fields } = event.data;
      return { ...initialPunchState, ...fields, authorId, authorRole, exists: true };
    }
    case 'PunchItemEdited': {
      const next: Record<string, unknown> = { ...state };
      for (const [field, change] of Object.entries(event.data.changes)) if (change) next[field] = change.to;
      return next as unknown as PunchState;
    }
    case 'PunchItemFixed':
      return { ...state, status: 'fixed', fixNote: event.data.note, fixPhoto: event.data.fixPhoto };
    case 'PunchItemAccepted':
      return { ...state, status: 'accepted', reopenReason: null };
    case 'PunchItemReopened':
      return { ...state, status: 'open', reopenReason: event.data.reason };
  }
}

/** The punch item aggregate (stream `punch#<id>`); its state is plain JSON, kept on the stream's head. */
export const punchDecider: Decider<PunchCommand, PunchState, PunchEvent> = {
  streamId: punchItemStreamId,
  initialState: initialPunchState,
  decide: decidePunch,
  evolve: evolvePunch,
  owns: eventGuard<PunchEvent>(punchEvents),
  snapshot: { schema: 1 },
};
