import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { UserRecord } from './users';
import { publicUser } from './users';
import { createSession } from '../auth/sessions';
import { sessionCookie } from '../auth/session-token';
import { clientAddress } from '../http/client-address';
import { reply, type Reply } from '../http/responses';

/** Starts a session for the user and answers with the user (and `extra` fields) and the session cookie. */
export async function signedInReply(statusCode: number, user: UserRecord, event: APIGatewayProxyEventV2, extra: Record<string, unknown> = {}): Promise<Reply> {
  const { token } = await createSession(
    { userId: user.id, role: user.role, displayName: displayName(user) },
    { ipAddress: clientAddress(event), userAgent: event.requestContext.http.userAgent },
  );
  return reply(statusCode, { ...publicUser(user), ...extra }, { cookies: [sessionCookie(token)] });
}

export const displayName = (user: Pick<UserRecord, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;

/** The account itself, as the actor of its own changes (signed in or not yet). */
export const accountActor = (user: Pick<UserRecord, 'id' | 'role' | 'firstName' | 'lastName'>, requestId: string) => ({ id: user.id, role: user.role, name: displayName(user), requestId });
