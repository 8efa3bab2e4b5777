import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, forbidden, notFound } from '../../events/errors';
import { teamDecider, teamMessages } from '../../events/tenants/team';
import { endOtherSessions } from '../accounts/credentials';
import type { UserRecord } from '../auth/users';
import type { Caller } from '../commands/caller';
import { runCommands } from '../commands/run-commands';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { getStateItems } from '../store/view-table';
import { stateTable } from '../tables';
import { seatsWrite } from '../tenants/quotas';
import { getTenant } from '../tenants/tenant-record';
import { tenantTarget } from './invitations';
import type { MemberItem } from './team-read';

/**
 * The team's changes (issue 31; its read is team-read.ts). Removing a colleague takes their account out of the company in one
 * transaction (their record's tenant, the member's record, the seat, MemberRemoved), then ends
 * every session of theirs and closes their WebSockets: the company's projects answer them 404.
 */

/** The owner removes a colleague (404 for anyone not on the team: another tenant's account looks like no one). */
export async function removeColleague(caller: Caller, userId: string): Promise<void> {
  const tenantId = caller.principal.tenantId ?? caller.principal.userId;
  if (tenantId !== caller.principal.userId) throw forbidden(teamMessages.ownerOnly);
  const [item] = await getStateItems([stateKeys.teamMember(tenantId, userId)]);
  if (!item && userId !== tenantId) throw notFound('Team member');
  const TableName = config().stateTable;
  const tenant = await getTenant(tenantId);
  await runCommands(teamDecider, tenantTarget(tenantId), [{ type: 'remove', userId, tenantId }], {
    by: caller,
    writes: [
      { item: { Delete: { TableName, Key: stateKeys.teamMember(tenantId, userId), ConditionExpression: 'attribute_exists(pk)' } }, onConditionFailed: () => notFound('Team member') },
      {
        item: {
          Update: {
            TableName,
            Key: stateKeys.user(userId),
            UpdateExpression: 'REMOVE tenantId',
            ConditionExpression: 'tenantId = :tenant',
            ExpressionAttributeValues: { ':tenant': tenantId },
          },
        },
        onConditionFailed: () => notFound('Team member'),
      },
      seatsWrite(tenant, -1),
    ],
  });
  // Every session of theirs ends and their sockets close: nothing of the company's reaches them after this answer.
  await endOtherSessions(userId);
}

/**
 * Delete Account and the team: a colleague's account leaves it (MemberRemoved, their record in the
 * team and their seat, in one transaction); an owner's is refused while colleagues remain, since
 * the company's projects go with the owner's account.
 */
export async function leaveTeamBeforeDeletion(user: Pick<UserRecord, 'id' | 'firstName' | 'lastName'> & { tenantId?: string }, requestId: string): Promise<void> {
  if (!user.tenantId) {
    const colleagues = await queryAll<MemberItem>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': stateKeys.teamMember(user.id, '').pk, ':prefix': stateKeys.teamMembersPrefix },
      ConsistentRead: true,
    });
    if (colleagues.length) throw conflict(teamMessages.ownerWithTeam);
    return;
  }
  const tenant = await getTenant(user.tenantId);
  await runCommands(teamDecider, tenantTarget(user.tenantId), [{ type: 'leave', userId: user.id }], {
    by: { id: user.id, role: 'contractor', name: `${user.firstName} ${user.lastName}`, requestId },
    writes: [{ item: { Delete: { TableName: config().stateTable, Key: stateKeys.teamMember(user.tenantId, user.id) } } }, seatsWrite(tenant, -1)],
  });
}

/**
 * An owner's account deleted (with no colleagues left, see above): the company ends with it. Its
 * tenant record goes too, since it carries the company's name, often the owner's own (erasure
 * leaves no trace of the person), and the invitations still waiting.
 */
export async function forgetCompany(ownerId: string): Promise<void> {
  const TableName = config().stateTable;
  const invitations = await queryAll<{ pk: string; sk: string; tokenKey?: string }>({
    IndexName: stateTable.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.teamInvitations(ownerId) },
  });
  const keys = [stateKeys.tenant(ownerId), ...invitations.flatMap((item) => [{ pk: item.pk, sk: item.sk }, ...(item.tokenKey ? [{ pk: item.tokenKey, sk: 'token' }] : [])])];
  await Promise.all(keys.map((Key) => dynamo().send(new DeleteCommand({ TableName, Key }))));
}
