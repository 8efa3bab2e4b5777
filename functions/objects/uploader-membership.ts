import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { forbidden } from '../../events/errors';
import type { Principal } from '../auth/session-token';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { stateTable } from '../tables';

/**
 * Photos are for projects: only an account that is a member of one (a contractor whose company has a project,
 * a client assigned to one) may ask for an upload or publish one, so a fresh sign-up cannot use
 * the bucket as free storage. One query of one key on the index that lists the account's projects.
 */

export const notAMember = 'Only the people of a project can upload photos: create a project first, or open the invitation your contractor sent you.';

export async function assertProjectMember(principal: Pick<Principal, 'userId' | 'role'> & { readonly tenantId?: string }): Promise<void> {
  const [index, pk] =
    principal.role === 'contractor'
      ? [stateTable.indexes.gsi1, stateKeys.contractorProjects(principal.tenantId ?? principal.userId)]
      : [stateTable.indexes.gsi2, stateKeys.clientProjects(principal.userId)];
  const { Count } = await dynamo().send(
    new QueryCommand({
      TableName: config().stateTable,
      IndexName: index.name,
      KeyConditionExpression: `${index.partitionKey.name} = :pk`,
      ExpressionAttributeValues: { ':pk': pk },
      Select: 'COUNT',
      Limit: 1,
    }),
  );
  if (!Count) throw forbidden(notAMember);
}
