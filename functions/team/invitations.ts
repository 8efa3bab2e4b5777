import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { DomainError, conflict, forbidden } from '../../events/errors';
import { teamDecider, teamMessages } from '../../events/tenants/team';
import { sendTeamInvitationMail } from '../accounts/mailer';
import { dynamo } from '../adapters/dynamo';
import { findUsableToken, newMailedToken, spendToken, type TokenKind } from '../accounts/mailed-tokens';
import { findUserByEmail, findUserById } from '../auth/users';
import type { SignedIn } from '../auth/sessions';
import type { Caller } from '../commands/caller';
import { runCommands, type CommandTarget } from '../commands/run-commands';
import { takeHourlyAllowance } from '../accounts/throttle';
import { config } from '../config';
import { TEAM_INVITATIONS_PER_HOUR } from '../limits';
import { contractorProjects } from '../projects/read';
import { stateKeys } from '../store/keys';
import { assertSeatFree, seatsWrite, tenantWithCounters } from '../tenants/quotas';
import { getTenant } from '../tenants/tenant-record';

/**
 * Inviting a colleague (issue 31): the owner names an address; a single-use link goes to it (7
 * days, stored as its SHA-256 like every mailed token); a contractor account with that address,
 * signed in (or just registered), opens it and joins the company: its `tenantId` is set, a seat is
 * taken (within the plan), MemberJoined recorded, all in one transaction with spending the link.
 */

export const teamInvitationTokens: TokenKind = { key: stateKeys.teamInvitationToken, lifetimeSeconds: 7 * 24 * 60 * 60 };

export const teamInvitationMessages = {
  alreadyMember: 'This person is already on your team.',
  invalidLink: 'This invitation link is invalid, used or expired.',
  otherAddress: 'This invitation was sent to another email address. Sign in with that address to accept it.',
  contractorsOnly: 'Only a contractor account can join a company’s team.',
  inAnotherTeam: 'Your account is already on a company’s team.',
  hasProjects: 'Your account has projects of its own: a colleague’s account must be a new one.',
  tooMany: `At most ${TEAM_INVITATIONS_PER_HOUR} colleagues can be invited an hour. Please try again later.`,
} as const;

/** The page the link opens (web/routes/join-team.tsx). */
export const teamInvitationLink = (token: string) => `${config().appUrl}/join-team#token=${encodeURIComponent(token)}`;

export const tenantTarget = (tenantId: string): CommandTarget => ({ id: tenantId, tenantId });

/** The owner invites `email`; a new invitation to the same address replaces the one before (its link stops working). */
export async function inviteColleague(caller: Caller, email: string): Promise<{ email: string; expiresAt: string }> {
  const tenantId = caller.principal.tenantId ?? caller.principal.userId;
  if (tenantId !== caller.principal.userId) throw forbidden(teamMessages.ownerOnly);
  const [tenant, existing, owner] = await Promise.all([getTenant(tenantId), findUserByEmail(email), findUserById(tenantId)]);
  if (existing && (existing.id === tenantId || (existing as { tenantId?: string }).tenantId === tenantId)) throw conflict(teamInvitationMessages.alreadyMember);
  // Refused now if the team is full: inviting someone who could never join helps nobody.
  assertSeatFree(tenant);
  if (!(await takeHourlyAllowance(`team-invitations:${tenantId}`, TEAM_INVITATIONS_PER_HOUR))) throw new DomainError('rate_limited', teamInvitationMessages.tooMany);
  const invitationId = randomUUID();
  const previous = await invitationItem(tenantId, email);
  const { token, expiresAt, write } = newMailedToken(teamInvitationTokens, { userId: null, email, tenantId, invitationId });
  const invitation = {
    item: {
      Put: {
        TableName: config().stateTable,
        Item: {
          ...stateKeys.teamInvitation(tenantId, email),
          gsi1pk: stateKeys.teamInvitations(tenantId),
          gsi1sk: email,
          tenantId,
          email,
          invitationId,
          tokenKey: write.item.Put!.Item!.pk,
          invitedAt: new Date().toISOString(),
          expiresAt: Math.floor(expiresAt.getTime() / 1000),
        },
      },
    },
  };
  await runCommands(teamDecider, tenantTarget(tenantId), [{ type: 'invite', invitationId, role: 'member' }], { by: caller, writes: [write, invitation] });
  // The link of the invitation it replaces no longer lets anyone in.
  if (previous?.tokenKey) await deleteItem({ pk: previous.tokenKey as string, sk: 'token' });
  const inviter = owner ? `${owner.firstName} ${owner.lastName}` : 'Your colleague';
  await sendTeamInvitationMail(email, { inviter, company: owner?.companyName ?? null, link: teamInvitationLink(token) });
  return { email, expiresAt: expiresAt.toISOString() };
}

interface InvitationToken {
  readonly email: string;
  readonly tenantId: string;
  readonly invitationId: string;
}

/**
 * The signed-in contractor takes up the invitation the link names: their account's address must
 * be the one it was mailed to (holding the link proves they read it). One transaction: the link
 * spent, the account's tenant set (only if it has none), the member's record, the seat (within the
 * plan), the invitation gone, MemberJoined.
 */
export async function joinTeam(principal: SignedIn, requestId: string, token: string): Promise<{ tenantId: string }> {
  const invalidLink = () => new DomainError('invalid', teamInvitationMessages.invalidLink, { token: [teamInvitationMessages.invalidLink] });
  const found = await findUsableToken<InvitationToken>(teamInvitationTokens, token);
  if (!found) throw invalidLink();
  const { tenantId, email, invitationId } = found.record;
  if (principal.role !== 'contractor') throw forbidden(teamInvitationMessages.contractorsOnly);
  const [user, tenant, own] = await Promise.all([findUserById(principal.userId), tenantWithCounters(tenantId), contractorProjects(principal.userId)]);
  if (!user) throw invalidLink();
  if (user.email.toLowerCase() !== email) throw forbidden(teamInvitationMessages.otherAddress);
  if ((user as { tenantId?: string }).tenantId || principal.userId === tenantId) throw conflict(teamInvitationMessages.inAnotherTeam);
  if (own.length) throw conflict(teamInvitationMessages.hasProjects);
  const now = new Date().toISOString();
  const TableName = config().stateTable;
  await runCommands(teamDecider, tenantTarget(tenantId), [{ type: 'join', userId: user.id, role: 'member', invitationId }], {
    by: { id: user.id, role: 'contractor', name: `${user.firstName} ${user.lastName}`, requestId },
    writes: [
      spendToken(found.key, now, invalidLink),
      {
        item: {
          Update: {
            TableName,
            Key: stateKeys.user(user.id),
            UpdateExpression: 'SET tenantId = :tenant',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(tenantId)',
            ExpressionAttributeValues: { ':tenant': tenantId },
          },
        },
        onConditionFailed: () => conflict(teamInvitationMessages.inAnotherTeam),
      },
      { item: { Put: { TableName, Item: { ...stateKeys.teamMember(tenantId, user.id), tenantId, userId: user.id, role: 'member', joinedAt: now } } } },
      seatsWrite(tenant, 1),
      // The company its sign-up started (an empty one: checked above) ends: the account is the team's now, and the
      // operators' list no longer shows a tenant that has no one. Removed from the team later, it is its own again, on the defaults.
      {
        item: {
          Delete: {
            TableName,
            Key: stateKeys.tenant(user.id),
            ConditionExpression: 'attribute_not_exists(pk) OR attribute_not_exists(activeProjects) OR activeProjects = :none',
            ExpressionAttributeValues: { ':none': 0 },
          },
        },
        onConditionFailed: () => conflict(teamInvitationMessages.hasProjects),
      },
      {
        item: {
          Delete: { TableName, Key: stateKeys.teamInvitation(tenantId, email), ConditionExpression: 'invitationId = :id', ExpressionAttributeValues: { ':id': invitationId } },
        },
        onConditionFailed: invalidLink,
      },
    ],
  });
  return { tenantId };
}

async function invitationItem(tenantId: string, email: string) {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.teamInvitation(tenantId, email), ConsistentRead: true }));
  return Item;
}

async function deleteItem(key: { pk: string; sk: string }) {
  await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: key }));
}
