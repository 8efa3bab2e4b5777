import { eventGuard, tenantOf, type Actor, type Decider } from '../decider';
import { forbidden, invalid } from '../errors';
import { tenantMemberEvents, tenantStreamId, type MemberRole, type TenantMemberEvent } from './events';

/**
 * A tenant's team (issue 31): the owner invites colleagues and removes them; an invited
 * contractor joins. The member events live on the tenant's stream beside its lifecycle
 * (events/tenants/tenant.ts, which lets them pass), but no decision here reads the stream: who is
 * in the team is on the records the command reads first (functions/team/), so the command
 * appends at the head without folding it.
 */

export const teamMessages = {
  ownerOnly: "Only the owner of your company's account can change its team.",
  ownerWithTeam: 'Remove your colleagues from the team before deleting your account: the company’s projects are deleted with it.',
  notYourself: 'The owner cannot be removed from the team.',
} as const;

export type TeamCommand =
  | { type: 'invite'; invitationId: string; role: MemberRole }
  /** Decided for the joining account itself (the link proved its address). */
  | { type: 'join'; userId: string; role: MemberRole; invitationId: string }
  | { type: 'remove'; userId: string; tenantId: string }
  /** A colleague's own account deleted: they leave the team (decided for them, as Delete Account runs). */
  | { type: 'leave'; userId: string };

/** The owner is the contractor whose own id is the tenant's. */
export const isOwner = (actor: Actor): boolean => actor.role === 'contractor' && tenantOf(actor) === actor.userId;

export function decideTeam(command: TeamCommand, _state: null, actor: Actor): TenantMemberEvent[] {
  switch (command.type) {
    case 'invite':
      if (!isOwner(actor)) throw forbidden(teamMessages.ownerOnly);
      return [{ type: 'MemberInvited', data: { invitationId: command.invitationId, role: command.role } }];
    case 'join':
      return [{ type: 'MemberJoined', data: { userId: command.userId, role: command.role, invitationId: command.invitationId } }];
    case 'remove':
      if (!isOwner(actor)) throw forbidden(teamMessages.ownerOnly);
      if (command.userId === command.tenantId) throw invalid('id', teamMessages.notYourself);
      return [{ type: 'MemberRemoved', data: { userId: command.userId } }];
    case 'leave':
      return [{ type: 'MemberRemoved', data: { userId: command.userId } }];
  }
}

export const teamDecider: Decider<TeamCommand, null, TenantMemberEvent> = {
  streamId: tenantStreamId,
  initialState: null,
  decide: decideTeam,
  evolve: (state) => state,
  owns: eventGuard<TenantMemberEvent>(tenantMemberEvents),
  appendOnly: true,
};
