import type { Team, TeamInvitation, TeamMember } from '../../contract/team';
import type { SignedIn } from '../auth/sessions';
import type { UserRecord } from '../auth/users';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { getStateItems } from '../store/view-table';
import { stateTable } from '../tables';
import { quotasOf, seatsTaken } from '../tenants/quotas';
import { getTenant } from '../tenants/tenant-record';

/**
 * The team of the caller's company (issue 31): its owner, the colleagues who joined, the
 * invitations waiting. Apart from the team's changes (members.ts), so the read's function does
 * not load the command machinery.
 */

/** A colleague's record in the team (the owner has none). */
export interface MemberItem {
  readonly userId: string;
  readonly role: 'member';
  readonly joinedAt: string;
}

export async function teamOf(principal: SignedIn): Promise<Team> {
  const tenantId = principal.tenantId ?? principal.userId;
  const nowSeconds = Date.now() / 1000;
  const [memberItems, invitationItems, tenant] = await Promise.all([
    queryAll<MemberItem>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': stateKeys.teamMember(tenantId, '').pk, ':prefix': stateKeys.teamMembersPrefix },
      ConsistentRead: true,
    }),
    queryAll<{ email: string; invitedAt: string; expiresAt: number }>({
      IndexName: stateTable.indexes.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': stateKeys.teamInvitations(tenantId) },
    }),
    getTenant(tenantId),
  ]);
  const users = await getStateItems<UserRecord[]>([tenantId, ...memberItems.map((member) => member.userId)].map((id) => stateKeys.user(id)));
  const [owner, ...colleagues] = users;
  const member = (user: UserRecord | undefined, role: TeamMember['role'], joinedAt: string): TeamMember[] =>
    user ? [{ userId: user.id, name: `${user.firstName} ${user.lastName}`, email: user.email, role, joinedAt, isYou: user.id === principal.userId }] : [];
  const members = [
    ...member(owner, 'owner', owner?.createdAt ?? ''),
    ...memberItems.flatMap((item, at) => member(colleagues[at], 'member', item.joinedAt)).sort((a, b) => a.joinedAt.localeCompare(b.joinedAt)),
  ];
  const invitations: TeamInvitation[] = invitationItems
    .filter((item) => item.expiresAt > nowSeconds)
    .map((item) => ({ email: item.email, invitedAt: item.invitedAt, expiresAt: new Date(item.expiresAt * 1000).toISOString() }))
    .sort((a, b) => a.invitedAt.localeCompare(b.invitedAt));
  return { members, invitations, canManage: tenantId === principal.userId, seats: { used: seatsTaken(tenant), limit: quotasOf(tenant).seats } };
}
