import { describe, expect, it } from 'vitest';
import { decideInTurn, type Actor } from '../decider';
import { errorOf } from '../../tests/support/domain-errors';
import type { TenantEvent } from './events';
import { initialTenantState, tenantDecider, tenantMessages, type TenantCommand, type TenantState } from './tenant';

/** A tenant: created, active ⇄ suspended, plan changes, offboarding → gone. */

// Operators act through the operator API; the decider sees them as the system's actor.
const operator: Actor = { userId: 'operator:ops', role: 'contractor' };
const create: TenantCommand = { type: 'create', tenantId: 't1', name: 'Acme Builders', ownerId: 't1', plan: 'standard' };
const offboard: TenantCommand = { type: 'startOffboarding', graceDays: 30, removeAfter: '2026-12-27T00:00:00.000Z', exportKey: 'exports/t1/x.json' };

function given(commands: readonly TenantCommand[], start: TenantState = initialTenantState) {
  const events: TenantEvent[] = [];
  let state = start;
  for (const command of commands) {
    const turn = decideInTurn(tenantDecider, [command], state, operator);
    state = turn.state;
    events.push(...turn.events);
  }
  return { state, events };
}
const when = (state: TenantState, command: TenantCommand) => tenantDecider.decide(command, state, operator);

describe('tenant', () => {
  it('is created active on its plan, once (a second create records nothing)', () => {
    const { state, events } = given([create, create]);
    expect(events).toEqual([{ type: 'TenantCreated', data: { tenantId: 't1', name: 'Acme Builders', ownerId: 't1', plan: 'standard' } }]);
    expect(state).toMatchObject({ exists: true, status: 'active', plan: 'standard', name: 'Acme Builders' });
  });

  it('is suspended with its reason trimmed, and resumed', () => {
    const suspended = given([create, { type: 'suspend', reason: '  Unpaid invoice ' }]);
    expect(suspended.events.at(-1)).toEqual({ type: 'TenantSuspended', data: { reason: 'Unpaid invoice' } });
    expect(suspended.state.status).toBe('suspended');
    const resumed = given([{ type: 'resume' }], suspended.state);
    expect(resumed.events).toEqual([{ type: 'TenantResumed', data: {} }]);
    expect(resumed.state.status).toBe('active');
    expect(resumed.state.reason).toBeUndefined();
  });

  it('refuses a suspension without a reason, or with a long one, naming the field', () => {
    const { state } = given([create]);
    expect(errorOf(() => when(state, { type: 'suspend', reason: '   ' }))).toMatchObject({ kind: 'invalid', fieldErrors: { reason: [tenantMessages.reasonRequired] } });
    expect(errorOf(() => when(state, { type: 'suspend', reason: 'x'.repeat(501) }))).toMatchObject({ kind: 'invalid', fieldErrors: { reason: [tenantMessages.reasonTooLong] } });
  });

  it('refuses suspending twice and resuming an active tenant (409)', () => {
    const suspended = given([create, { type: 'suspend', reason: 'r' }]).state;
    expect(errorOf(() => when(suspended, { type: 'suspend', reason: 'again' }))).toMatchObject({ kind: 'conflict', message: tenantMessages.alreadySuspended });
    expect(errorOf(() => when(given([create]).state, { type: 'resume' }))).toMatchObject({ kind: 'conflict', message: tenantMessages.notSuspended });
  });

  it('changes plan, recording from and to; the same plan records nothing; an unknown one names the field', () => {
    const { state, events } = given([create, { type: 'changePlan', plan: 'enterprise' }, { type: 'changePlan', plan: 'enterprise' }]);
    expect(events.slice(1)).toEqual([{ type: 'TenantPlanChanged', data: { from: 'standard', to: 'enterprise' } }]);
    expect(state.plan).toBe('enterprise');
    expect(errorOf(() => when(state, { type: 'changePlan', plan: 'platinum' }))).toMatchObject({ kind: 'invalid', fieldErrors: { plan: [tenantMessages.unknownPlan] } });
  });

  it('is offboarded from active or suspended, then removed; gone refuses everything', () => {
    for (const start of [[create], [create, { type: 'suspend', reason: 'r' }]] as TenantCommand[][]) {
      const { state, events } = given([...start, offboard]);
      expect(events.at(-1)).toEqual({ type: 'TenantOffboardingStarted', data: { graceDays: 30, removeAfter: '2026-12-27T00:00:00.000Z', exportKey: 'exports/t1/x.json' } });
      expect(state.status).toBe('offboarding');
      expect(errorOf(() => when(state, { type: 'resume' }))).toMatchObject({ kind: 'conflict', message: tenantMessages.offboarding });
      const gone = given([{ type: 'remove', projects: 2, accounts: 1 }], state).state;
      expect(gone.status).toBe('gone');
      for (const command of [{ type: 'suspend', reason: 'r' }, { type: 'resume' }, { type: 'changePlan', plan: 'starter' }, offboard] as TenantCommand[]) {
        expect(errorOf(() => when(gone, command))).toMatchObject({ kind: 'conflict', message: tenantMessages.gone });
      }
    }
  });

  it('removes only a tenant being offboarded', () => {
    expect(errorOf(() => when(given([create]).state, { type: 'remove', projects: 0, accounts: 0 }))).toMatchObject({ kind: 'conflict', message: tenantMessages.notOffboarding });
  });

  it('answers 404 for any action on a tenant that does not exist', () => {
    expect(errorOf(() => when(initialTenantState, { type: 'resume' }))).toMatchObject({ kind: 'not_found' });
  });
});
