import { eventGuard, type Decider } from '../decider';
import { conflict, invalid, notFound } from '../errors';
import { tenantEvents, tenantStreamId, MAX_REASON_LENGTH, type TenantEvent } from './events';
import { defaultPlan, planNames, type PlanName, type TenantStatus } from './plans';

/**
 * The tenant aggregate (issue 31): a contractor company's lifecycle.
 *
 *   active ⇄ suspended          (suspend with a reason, resume)
 *   active | suspended → offboarding → gone   (its export written first; removed after the grace period)
 *
 * The plan changes in any state but gone. Who may act is the operator API's concern (only
 * operators reach it); the decider keeps the order of the lifecycle.
 */

export interface TenantState {
  readonly exists: boolean;
  readonly name: string;
  readonly ownerId: string;
  readonly status: TenantStatus;
  readonly plan: PlanName;
  readonly reason?: string;
  readonly offboarding?: { readonly removeAfter: string; readonly exportKey: string };
}

export const initialTenantState: TenantState = { exists: false, name: '', ownerId: '', status: 'active', plan: defaultPlan };

export type TenantCommand =
  | { type: 'create'; tenantId: string; name: string; ownerId: string; plan: PlanName }
  | { type: 'suspend'; reason: string }
  | { type: 'resume' }
  | { type: 'changePlan'; plan: string }
  | { type: 'startOffboarding'; graceDays: number; removeAfter: string; exportKey: string }
  | { type: 'remove'; projects: number; accounts: number };

export const tenantMessages = {
  reasonRequired: 'Say why the tenant is suspended',
  reasonTooLong: `A reason must be at most ${MAX_REASON_LENGTH} characters`,
  unknownPlan: `Plan must be one of ${planNames.join(', ')}`,
  alreadySuspended: 'This tenant is already suspended',
  notSuspended: 'This tenant is not suspended',
  offboarding: 'This tenant is being offboarded',
  gone: 'This tenant has been removed',
  notOffboarding: 'This tenant is not being offboarded',
} as const;

function refuseEnded(state: TenantState): void {
  if (state.status === 'gone') throw conflict(tenantMessages.gone);
  if (state.status === 'offboarding') throw conflict(tenantMessages.offboarding);
}

export function decideTenant(command: TenantCommand, state: TenantState): TenantEvent[] {
  if (command.type === 'create') {
    // Lazy creation may race a second operator action: the one that lost finds it made.
    if (state.exists) return [];
    return [{ type: 'TenantCreated', data: { tenantId: command.tenantId, name: command.name, ownerId: command.ownerId, plan: command.plan } }];
  }
  if (!state.exists) throw notFound('Tenant');
  switch (command.type) {
    case 'suspend': {
      const reason = command.reason.trim();
      if (!reason) throw invalid('reason', tenantMessages.reasonRequired);
      if (reason.length > MAX_REASON_LENGTH) throw invalid('reason', tenantMessages.reasonTooLong);
      refuseEnded(state);
      if (state.status === 'suspended') throw conflict(tenantMessages.alreadySuspended);
      return [{ type: 'TenantSuspended', data: { reason } }];
    }
    case 'resume':
      refuseEnded(state);
      if (state.status !== 'suspended') throw conflict(tenantMessages.notSuspended);
      return [{ type: 'TenantResumed', data: {} }];
    case 'changePlan': {
      if (!planNames.includes(command.plan as PlanName)) throw invalid('plan', tenantMessages.unknownPlan);
      if (state.status === 'gone') throw conflict(tenantMessages.gone);
      // The plan it is on already: nothing happened, nothing to record.
      if (command.plan === state.plan) return [];
      return [{ type: 'TenantPlanChanged', data: { from: state.plan, to: command.plan as PlanName } }];
    }
    case 'startOffboarding':
      refuseEnded(state);
      return [{ type: 'TenantOffboardingStarted', data: { graceDays: command.graceDays, removeAfter: command.removeAfter, exportKey: command.exportKey } }];
    case 'remove':
      if (state.status !== 'offboarding') throw conflict(tenantMessages.notOffboarding);
      return [{ type: 'TenantRemoved', data: { projects: command.projects, accounts: command.accounts } }];
  }
}

export function evolveTenant(state: TenantState, event: TenantEvent): TenantState {
  switch (event.type) {
    case 'TenantCreated':
      return { ...state, exists: true, name: event.data.name, ownerId: event.data.ownerId, plan: event.data.plan };
    case 'TenantSuspended':
      return { ...state, status: 'suspended', reason: event.data.reason };
    case 'TenantResumed': {
      const { reason: _reason, ...rest } = state;
      return { ...rest, status: 'active' };
    }
    case 'TenantPlanChanged':
      return { ...state, plan: event.data.to };
    case 'TenantOffboardingStarted':
      return { ...state, status: 'offboarding', offboarding: { removeAfter: event.data.removeAfter, exportKey: event.data.exportKey } };
    case 'TenantRemoved':
      return { ...state, status: 'gone' };
    default:
      // Member events (TM) leave the lifecycle as it is.
      return state;
  }
}

export const tenantDecider: Decider<TenantCommand, TenantState, TenantEvent> = {
  streamId: tenantStreamId,
  initialState: initialTenantState,
  decide: (command, state) => decideTenant(command, state),
  evolve: evolveTenant,
  owns: eventGuard(tenantEvents as readonly { type: TenantEvent['type'] }[]),
};
