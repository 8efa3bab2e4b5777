import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/aws-clients';
import { recordAccountChange } from '../accounts/record';
import { displayName } from '../accounts/sign-in';
import { signedInUser } from '../accounts/users';
import { revokeUserSessions } from '../auth/sessions';
import { clearedSessionCookie } from '../auth/session-token';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { runProjectCommands, systemActor } from '../projects/commands';
import { clientProjects, contractorProjects } from '../projects/read';
import { httpRoutes } from '../routes';
import { stateKeys } from '../store/keys';
import { stateTable } from '../tables';

/**
 * Deletes the account: a contractor's projects go with it, a client's projects lose their client
 * (spec section 3); then the user record and e-mail guard (with the AccountDeleted event), every
 * session and reset token. The e-mail can then be registered again.
 */
export const handler = httpHandler(httpRoutes.deleteAccount, {}, async ({ principal, requestId }) => {
  const user = await signedInUser(principal.userId);
  const caller = { principal, requestId };
  if (user.role === 'contractor') {
    for (const project of await contractorProjects(user.id)) {
      await runProjectCommands(caller, { projectId: project.id, tenantId: user.id }, [{ type: 'delete' }], () => undefined);
    }
  } else {
    for (const project of await clientProjects(user.id)) {
      await runProjectCommands(systemActor, { projectId: project.id, tenantId: project.contractorId }, [{ type: 'assignClient', clientId: null }], () => undefined);
    }
  }
  const TableName = config().stateTable;
  await recordAccountChange({
    userId: user.id,
    actor: { id: user.id, role: user.role, name: displayName(user) },
    requestId,
    event: { type: 'AccountDeleted', data: { userId: user.id, email: user.email } },
    writes: [
      { item: { Delete: { TableName, Key: stateKeys.user(user.id) } } },
      { item: { Delete: { TableName, Key: stateKeys.email(user.email) } } },
    ],
  });
  await Promise.all([revokeUserSessions(user.id), deleteResetTokens(user.id)]);
  return reply(200, { message: 'Account deleted' }, { cookies: [clearedSessionCookie()] });
});

async function deleteResetTokens(userId: string): Promise<void> {
  const TableName = config().stateTable;
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName,
      IndexName: stateTable.indexes[0].name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': stateKeys.userTokens(userId) },
    }),
  );
  await Promise.all(Items.map((item) => dynamo().send(new DeleteCommand({ TableName, Key: { pk: item.pk, sk: item.sk } }))));
}
