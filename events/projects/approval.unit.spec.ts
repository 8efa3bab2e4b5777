import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decideInTurn, type Actor } from '../decider';
import { DomainError } from '../errors';
import { describeItemEvent } from './activity';
import { initialItemState, itemDecider, type ItemCommand, type ItemState } from './item';
import { SelectionChanged } from './item-approval';
import { budgetDelta } from './item-counts';
import { canonicalSelection, selectionFields } from './selection';

/** Issue 18 in the item decider: budgets, schedules, the client's approval and what voids it. */

const contractor: Actor = { userId: 'contractor-1', role: 'contractor' };
const client: Actor = { userId: 'client-1', role: 'client' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const at = '2026-11-24T10:00:00.000Z';

const added: ItemState = decideInTurn(
  itemDecider,
  [{ type: 'add', itemId: 'i1', roomId: 'r1', category: 'standard', name: 'Desk', itemType: 'single', details: 'Walnut', order: 0, cabinetDetails: null }],
  initialItemState,
  contractor,
).state;

const run = (state: ItemState, commands: ItemCommand[], actor: Actor) => decideInTurn(itemDecider, commands, state, actor);
/** The selection's hash as the client read it. */
const seen = (state: ItemState) => sha256(canonicalSelection(state));
const approved = run(added, [{ type: 'approve', at, sha256, seen: seen(added) }], client).state;

function refusal(act: () => unknown) {
  try {
    act();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, field: Object.keys(error.fieldErrors ?? {})[0] };
    throw error;
  }
  return undefined;
}

describe('the selection', () => {
  it('is the details, cabinet details, links, images, allowance and cost, hashed as canonical JSON', () => {
    expect(selectionFields).toEqual(['details', 'cabinetDetails', 'referenceLinks', 'referenceImages', 'cabinetLinks', 'cabinetImages', 'allowance', 'cost']);
    const { events } = run(added, [{ type: 'approve', at, sha256, seen: seen(added) }], client);
    expect(events).toEqual([{ type: 'ItemApproved', data: { approvedAt: at, approvedBy: 'client-1', selectionHash: sha256(canonicalSelection(added)), selection: expect.objectContaining({ details: 'Walnut', allowance: null }) } }]);
    // Flags and names are not part of it.
    expect(canonicalSelection({ ...added, selected: true, name: 'Other' } as ItemState)).toBe(canonicalSelection(added));
  });
});

describe('approvals', () => {
  it('are the client’s: the contractor is refused', () => {
    expect(refusal(() => run(added, [{ type: 'approve', at, sha256, seen: seen(added) }], contractor))).toEqual({ kind: 'forbidden', field: undefined });
    expect(refusal(() => run(added, [{ type: 'decline', at, reason: 'No', sha256, seen: seen(added) }], contractor))).toMatchObject({ kind: 'forbidden' });
  });

  it('hold through flags and schedules, and are voided by a change to the selection, naming the field', () => {
    const flagged = run(approved, [{ type: 'setFlag', flag: 'selected', value: true }, { type: 'setFlag', flag: 'purchased', value: true }], contractor);
    expect(flagged.state.approval).toEqual(approved.approval);
    expect(run(approved, [{ type: 'setSchedule', field: 'decideBy', value: '2027-01-01' }, { type: 'setSchedule', field: 'leadTimeDays', value: 3 }], contractor).state.approval).toEqual(approved.approval);
    const changed = run(approved, [{ type: 'editDetails', details: 'Oak' }, { type: 'setBudget', field: 'cost', value: 12.5 }], contractor);
    // Cleared once, right after the first change that voids it.
    expect(changed.events.map((event) => event.type)).toEqual(['ItemDetailsEdited', 'ItemApprovalCleared', 'ItemBudgetSet']);
    expect(changed.events[1]).toEqual({ type: 'ItemApprovalCleared', data: { field: 'details', was: 'approved' } });
    expect(changed.state.approval).toBeNull();
    // The same value again is no change.
    expect(run(approved, [{ type: 'editDetails', details: 'Walnut' }], contractor).events).toEqual([]);
  });

  it('answer only the selection the client saw: a stale one is refused with the item as it is now, recording nothing', () => {
    const changed = run(added, [{ type: 'setBudget', field: 'cost', value: 99 }], contractor).state;
    for (const command of [{ type: 'approve', at, sha256, seen: seen(added) }, { type: 'decline', at, reason: 'No', sha256, seen: seen(added) }] as const) {
      let refused: unknown;
      try {
        run(changed, [command], client);
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(SelectionChanged);
      expect((refused as SelectionChanged).kind).toBe('conflict');
      expect((refused as SelectionChanged).fieldErrors).toEqual({ selectionHash: [expect.stringContaining('changed since you saw it')] });
      expect((refused as SelectionChanged).item.cost).toBe(99);
      expect(run(changed, [{ ...command, seen: seen(changed) }], client).events).toHaveLength(1);
    }
    // Flags are not the selection: what the client saw still holds.
    const flagged = run(added, [{ type: 'setFlag', flag: 'purchased', value: true }], contractor).state;
    expect(run(flagged, [{ type: 'approve', at, sha256, seen: seen(added) }], client).events.map((event) => event.type)).toEqual(['ItemApproved']);
  });

  it('given to a previous client, are cleared when the project moves to another (naming the client, not a field); others stay', () => {
    const declined = run(added, [{ type: 'decline', at, reason: 'No', sha256, seen: seen(added) }], client).state;
    for (const answered of [approved, declined]) {
      const { events, state } = run(answered, [{ type: 'clearAnswerOf', by: 'client-1' }], contractor);
      expect(events).toEqual([{ type: 'ItemApprovalCleared', data: { field: 'client', was: answered.approval!.status } }]);
      expect(state.approval).toBeNull();
    }
    expect(run(approved, [{ type: 'clearAnswerOf', by: 'client-2' }], contractor).events).toEqual([]);
    expect(run(added, [{ type: 'clearAnswerOf', by: 'client-1' }], contractor).events).toEqual([]);
    expect(refusal(() => run(approved, [{ type: 'clearAnswerOf', by: 'client-1' }], client))).toMatchObject({ kind: 'forbidden' });
    const context = { itemName: 'Desk', roomName: 'Den' };
    expect(describeItemEvent({ type: 'ItemApprovalCleared', data: { field: 'client', was: 'approved' } }, context).summary).toBe('Approval cleared: client changed "Desk" in Den');
    expect(describeItemEvent({ type: 'ItemApprovalCleared', data: { field: 'client', was: 'declined' } }, context).summary).toBe('Decline cleared: client changed "Desk" in Den');
  });

  it('declines need a reason (at most 500 characters) and are cleared by a change too', () => {
    expect(refusal(() => run(added, [{ type: 'decline', at, reason: '  ', sha256, seen: seen(added) }], client))).toEqual({ kind: 'invalid', field: 'reason' });
    expect(refusal(() => run(added, [{ type: 'decline', at, reason: 'x'.repeat(501), sha256, seen: seen(added) }], client))).toEqual({ kind: 'invalid', field: 'reason' });
    const declined = run(added, [{ type: 'decline', at, reason: ' Too dark ', sha256, seen: seen(added) }], client).state;
    expect(declined.approval).toMatchObject({ status: 'declined', reason: 'Too dark', by: 'client-1' });
    expect(run(declined, [{ type: 'setList', field: 'referenceLinks', values: ['https://a.example/b'] }], contractor).events.at(-1)).toEqual({ type: 'ItemApprovalCleared', data: { field: 'referenceLinks', was: 'declined' } });
  });
});

describe('budgets and schedules', () => {
  it('take amounts with cents up to 10,000,000; an allowance only from the contractor', () => {
    expect(refusal(() => run(added, [{ type: 'setBudget', field: 'allowance', value: 5 }], client))).toMatchObject({ kind: 'forbidden' });
    expect(run(added, [{ type: 'setBudget', field: 'cost', value: 5.25 }], client).state.cost).toBe(5.25);
    for (const bad of [-0.01, 0.001, 10_000_000.01, Number.NaN]) expect(refusal(() => run(added, [{ type: 'setBudget', field: 'cost', value: bad }], contractor))).toEqual({ kind: 'invalid', field: 'cost' });
    expect(refusal(() => run(added, [{ type: 'setSchedule', field: 'decideBy', value: '2026-02-29' }], contractor))).toEqual({ kind: 'invalid', field: 'decideBy' });
    expect(refusal(() => run(added, [{ type: 'setSchedule', field: 'leadTimeDays', value: 366 }], contractor))).toEqual({ kind: 'invalid', field: 'leadTimeDays' });
    expect(refusal(() => run(added, [{ type: 'setSchedule', field: 'leadTimeDays', value: 3 }], client))).toMatchObject({ kind: 'forbidden' });
  });

  it('move the counters in whole cents, and out of them when the item goes', () => {
    const priced = run(added, [{ type: 'setBudget', field: 'allowance', value: 0.1 }, { type: 'setBudget', field: 'cost', value: 0.2 }], contractor).state;
    expect(budgetDelta(added, priced)).toEqual({ allowanceCents: 10, costCents: 20 });
    const deleted = run(priced, [{ type: 'delete' }], contractor).state;
    expect(budgetDelta(priced, deleted)).toEqual({ allowanceCents: -10, costCents: -20 });
  });
});

describe('the Action History', () => {
  it('names approvals, declines (never their reason) and what voided them', () => {
    const context = { itemName: 'Desk', roomName: 'Den' };
    expect(describeItemEvent({ type: 'ItemApproved', data: { approvedAt: at, approvedBy: 'c', selectionHash: 'h', selection: {} } }, context).summary).toBe('Approved selection "Desk" in Den');
    expect(describeItemEvent({ type: 'ItemDeclined', data: { declinedAt: at, declinedBy: 'c', selectionHash: 'h', reason: 'secret-ish' } }, context).summary).toBe('Declined selection "Desk" in Den');
    expect(describeItemEvent({ type: 'ItemApprovalCleared', data: { field: 'cabinetDetails', was: 'approved' } }, context).summary).toBe('Approval cleared: details changed "Desk" in Den - cabinet details');
    expect(describeItemEvent({ type: 'ItemBudgetSet', data: { field: 'allowance', from: null, to: 5 } }, context).action).toBe('Updated allowance');
    expect(describeItemEvent({ type: 'ItemScheduleSet', data: { field: 'decideBy', from: null, to: '2027-01-01' } }, context).action).toBe('Updated decide-by date');
  });
});
