import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { UserRecord } from '../auth/users';
import { epochOf, publicUser } from '../auth/users';
import { createSession } from '../auth/sessions';
import { sessionCookie } from '../auth/session-token';
import { clientAddress } from '../http/client-address';
import type { User } from '../../contract/accounts';
import { reply, type Reply, type SuccessStatus } from '../http/responses';

/**
 * Starts a session for the user and answers with the user (and `extra` fields) and the session
 * cookie. The session holds the account's credentials as `user` was read (its epoch): if they
 * changed meanwhile, no session (401). `provedByLink`: a mailed link opened it just now;
 * `loggedInAt`: a sign-in, recorded on the account with the session (createSession).
 */
export async function signedInReply<const S extends SuccessStatus, E extends object = object>(
  statusCode: S,
  user: UserRecord,
  event: APIGatewayProxyEventV2,
  extra: E = {} as E,
  options: { provedByLink?: boolean; loggedInAt?: string } = {},
): Promise<Reply<S, User & E>> {
  return reply(statusCode, { ...publicUser(user), ...extra }, { cookies: [await sessionCookieFor(user, event, options)] });
}

/** A new session for the user (see signedInReply), as its Set-Cookie value. */
export async function sessionCookieFor(user: UserRecord, event: APIGatewayProxyEventV2, options: { provedByLink?: boolean; loggedInAt?: string } = {}): Promise<string> {
  const { token } = await createSession(
    { userId: user.id, role: user.role, displayName: displayName(user), epoch: epochOf(user), provedByLink: options.provedByLink, loggedInAt: options.loggedInAt },
    { ipAddress: clientAddress(event), userAgent: event.requestContext.http.userAgent },
  );
  return sessionCookie(token);
}

export const displayName = (user: Pick<UserRecord, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;

/** The account itself, as the actor of its own changes (signed in or not yet). */
export const accountActor = (user: Pick<UserRecord, 'id' | 'role' | 'firstName' | 'lastName'>, requestId: string) => ({ id: user.id, role: user.role, name: displayName(user), requestId });
