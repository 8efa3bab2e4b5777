import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { createSession, revokeSession } from '../../functions/auth/sessions';
import { stateKeys } from '../../functions/store/keys';
import { SESSION_COOKIE, type Principal } from '../../functions/auth/session-token';
import { randomUUID } from 'node:crypto';

/** A real session (record + signed cookie) for a new bare account record (no profile), as sign-in issues it. */
export async function signIn(role: Principal['role'] = 'contractor') {
  const userId = randomUUID();
  // A session counts only while its account's credentials are those it was issued under.
  await dynamo().send(new PutCommand({ TableName: config().stateTable, Item: { ...stateKeys.user(userId), id: userId, role, authEpoch: 0 } }));
  const { token, principal } = await createSession({ userId, role, epoch: 0 });
  return { principal, cookie: `${SESSION_COOKIE}=${token}`, signOut: () => revokeSession(principal.sessionId) };
}
