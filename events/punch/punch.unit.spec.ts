import { describe, expect, it } from 'vitest';
import { decideInTurn, type Actor } from '../decider';
import { errorOf } from '../../tests/support/domain-errors';
import type { PunchEvent } from './events';
import { describePunchEvent } from './activity';
import { punchCountsDelta } from './model';
import {
  ACCEPTED_CANNOT_BE_FIXED,
  EDIT_NOT_YOURS,
  EDIT_ONLY_WHILE_OPEN,
  initialPunchState,
  ONLY_CLIENT_ACCEPTS,
  ONLY_CLIENT_REOPENS,
  ONLY_CONTRACTOR_FIXES,
  OPEN_CANNOT_BE_ACCEPTED,
  OPEN_CANNOT_BE_REOPENED,
  punchDecider,
  type PunchCommand,
  type PunchState,
} from './punch';

/** A punch item: open → fixed (contractor) → accepted or reopened (client), fields by author or contractor while open. */

const contractor: Actor = { userId: 'contractor-1', role: 'contractor' };
const client: Actor = { userId: 'client-1', role: 'client' };
const otherClient: Actor = { userId: 'client-2', role: 'client' };

const add = (overrides: Partial<Extract<PunchCommand, { type: 'add' }>> = {}): PunchCommand => ({
  type: 'add',
  punchItemId: 'p1',
  roomId: 'r1',
  itemId: null,
  title: '  Scratch on the vanity door ',
  note: '',
  photos: [],
  assignee: { kind: 'contractor' },
  dueDate: null,
  ...overrides,
});

/** Given the steps (each by its actor), the state and the events they leave. */
function given(steps: ReadonlyArray<readonly [PunchCommand, Actor]>, start: PunchState = initialPunchState) {
  let state = start;
  const events: PunchEvent[] = [];
  for (const [command, actor] of steps) {
    const turn = decideInTurn(punchDecider, [command], state, actor);
    state = turn.state;
    events.push(...turn.events);
  }
  return { state, events };
}

const when = (state: PunchState, command: PunchCommand, actor: Actor) => punchDecider.decide(command, state, actor);

describe('punch item', () => {
  it('is added by either party, open, its title trimmed, its author recorded', () => {
    for (const actor of [contractor, client]) {
      const { state, events } = given([[add(), actor]]);
      expect(events).toEqual([
        { type: 'PunchItemAdded', data: { punchItemId: 'p1', roomId: 'r1', itemId: null, title: 'Scratch on the vanity door', note: '', photos: [], assignee: { kind: 'contractor' }, dueDate: null, authorId: actor.userId, authorRole: actor.role } },
      ]);
      expect(state).toMatchObject({ exists: true, status: 'open', title: 'Scratch on the vanity door', authorRole: actor.role });
    }
  });

  it('refuses a blank or long title, a long note, a bad date, a nameless trade, a path that is no published photo, too many photos', () => {
    const field = (overrides: Partial<Extract<PunchCommand, { type: 'add' }>>) => Object.keys(errorOf(() => when(initialPunchState, add(overrides), contractor)).fieldErrors ?? {});
    expect(field({ title: '  ' })).toEqual(['title']);
    expect(field({ title: 'x'.repeat(201) })).toEqual(['title']);
    expect(field({ note: 'x'.repeat(2001) })).toEqual(['note']);
    expect(field({ dueDate: '2026-02-30' })).toEqual(['dueDate']);
    expect(field({ assignee: { kind: 'trade', name: ' ' } })).toEqual(['assignee']);
    expect(field({ assignee: { kind: 'trade', name: 'x'.repeat(101) } })).toEqual(['assignee']);
    expect(field({ photos: ['https://example.com/a.png'] })).toEqual(['photos']);
    expect(field({ photos: Array.from({ length: 21 }, (_, i) => `/objects/p${i}.png`) })).toEqual(['photos']);
  });

  it('refuses an id that is taken', () => {
    const { state } = given([[add(), contractor]]);
    expect(errorOf(() => when(state, add(), client)).kind).toBe('conflict');
  });

  it('is marked fixed by the contractor only, with an optional note and photo; twice changes nothing', () => {
    const { state } = given([[add(), client]]);
    expect(errorOf(() => when(state, { type: 'fix', note: '', fixPhoto: null }, client)).message).toBe(ONLY_CONTRACTOR_FIXES);
    const fixed = given([[{ type: 'fix', note: ' Sanded and repainted ', fixPhoto: '/objects/fix.jpg' }, contractor]], state);
    expect(fixed.events).toEqual([{ type: 'PunchItemFixed', data: { note: 'Sanded and repainted', fixPhoto: '/objects/fix.jpg' } }]);
    expect(fixed.state.status).toBe('fixed');
    expect(when(fixed.state, { type: 'fix', note: '', fixPhoto: null }, contractor)).toEqual([]);
  });

  it('cannot be accepted while open, and is accepted by the client only', () => {
    const { state } = given([[add(), contractor]]);
    const open = errorOf(() => when(state, { type: 'accept' }, client));
    expect([open.kind, open.message]).toEqual(['conflict', OPEN_CANNOT_BE_ACCEPTED]);
    const fixed = given([[{ type: 'fix', note: '', fixPhoto: null }, contractor]], state).state;
    expect(errorOf(() => when(fixed, { type: 'accept' }, contractor)).message).toBe(ONLY_CLIENT_ACCEPTS);
    const accepted = given([[{ type: 'accept' }, client]], fixed);
    expect(accepted.events).toEqual([{ type: 'PunchItemAccepted', data: {} }]);
    expect(accepted.state.status).toBe('accepted');
    expect(when(accepted.state, { type: 'accept' }, client)).toEqual([]);
    expect(errorOf(() => when(accepted.state, { type: 'fix', note: '', fixPhoto: null }, contractor)).message).toBe(ACCEPTED_CANNOT_BE_FIXED);
  });

  it('is reopened by the client only, with a reason, from fixed or accepted, never from open', () => {
    const { state: open } = given([[add(), contractor]]);
    expect(errorOf(() => when(open, { type: 'reopen', reason: 'Still there' }, client)).message).toBe(OPEN_CANNOT_BE_REOPENED);
    const { state: fixed } = given([[{ type: 'fix', note: '', fixPhoto: null }, contractor]], open);
    expect(errorOf(() => when(fixed, { type: 'reopen', reason: 'Still there' }, contractor)).message).toBe(ONLY_CLIENT_REOPENS);
    expect(Object.keys(errorOf(() => when(fixed, { type: 'reopen', reason: '  ' }, client)).fieldErrors ?? {})).toEqual(['reason']);
    const reopened = given([[{ type: 'reopen', reason: ' The scratch is still visible ' }, client]], fixed);
    expect(reopened.events).toEqual([{ type: 'PunchItemReopened', data: { reason: 'The scratch is still visible' } }]);
    expect(reopened.state).toMatchObject({ status: 'open', reopenReason: 'The scratch is still visible' });
    const { state: accepted } = given([[{ type: 'fix', note: '', fixPhoto: null }, contractor], [{ type: 'accept' }, client]], reopened.state);
    expect(given([[{ type: 'reopen', reason: 'Came back' }, client]], accepted).state.status).toBe('open');
  });

  it('has its fields changed by its author or the contractor while open, recording only what changed', () => {
    const { state } = given([[add(), client]]);
    const edited = given([[{ type: 'edit', fields: { title: 'Scratch on the vanity door', dueDate: '2026-12-01', assignee: { kind: 'trade', name: ' Painter ' } } }, client]], state);
    expect(edited.events).toEqual([{ type: 'PunchItemEdited', data: { changes: { dueDate: { from: null, to: '2026-12-01' }, assignee: { from: { kind: 'contractor' }, to: { kind: 'trade', name: 'Painter' } } } } }]);
    expect(given([[{ type: 'edit', fields: { note: 'Left side' } }, contractor]], edited.state).events).toHaveLength(1);
    expect(errorOf(() => when(edited.state, { type: 'edit', fields: { note: 'x' } }, otherClient)).message).toBe(EDIT_NOT_YOURS);
    const { state: fixed } = given([[{ type: 'fix', note: '', fixPhoto: null }, contractor]], edited.state);
    const frozen = errorOf(() => when(fixed, { type: 'edit', fields: { note: 'x' } }, contractor));
    expect([frozen.kind, frozen.message]).toEqual(['conflict', EDIT_ONLY_WHILE_OPEN]);
    expect(when(fixed, { type: 'edit', fields: { title: 'Scratch on the vanity door' } }, contractor)).toEqual([]);
  });

  it('moves the counters by status', () => {
    expect(punchCountsDelta(null, 'open')).toEqual({ punchOpen: 1, punchFixed: 0, punchAccepted: 0 });
    expect(punchCountsDelta('open', 'fixed')).toEqual({ punchOpen: -1, punchFixed: 1, punchAccepted: 0 });
    expect(punchCountsDelta('fixed', 'fixed')).toEqual({ punchOpen: 0, punchFixed: 0, punchAccepted: 0 });
  });

  it('names each change in the history', () => {
    const where = { title: 'Scratch', roomName: 'Kitchen' };
    const summary = (event: PunchEvent) => describePunchEvent(event, where).summary;
    const { events } = given([[add({ title: 'Scratch' }), contractor], [{ type: 'fix', note: '', fixPhoto: null }, contractor], [{ type: 'reopen', reason: 'Still there' }, client], [{ type: 'fix', note: '', fixPhoto: null }, contractor], [{ type: 'accept' }, client]]);
    expect(events.map(summary)).toEqual(['Added punch item "Scratch" in Kitchen', 'Marked "Scratch" fixed in Kitchen', 'Reopened "Scratch" in Kitchen: Still there', 'Marked "Scratch" fixed in Kitchen', 'Accepted "Scratch" in Kitchen']);
  });
});
