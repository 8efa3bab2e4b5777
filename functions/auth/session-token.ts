import { SignJWT, jwtVerify, errors } from 'jose';
import * as z from 'zod/mini';
import { roles } from '../../events/accounts/roles';
import { config } from '../config';
import { sessionKeys, type SessionKeys } from './session-keys';

/**
 * The session cookie: a signed JWT naming the user, their role and the session record that
 * backs it. The record (in the state table) is what logout and password changes delete, so a
 * stolen or old token stops working before it expires. Names and e-mail are not in the token:
 * they change, and are read from the user record where needed.
 */

export const SESSION_COOKIE = 'cc_session';

const principalSchema = z.object({
  userId: z.string(),
  sessionId: z.string(),
  role: z.enum(roles),
});

export type Principal = z.infer<typeof principalSchema>;

export async function signSessionToken(principal: Principal, expiresAt: Date, keys?: SessionKeys): Promise<string> {
  return new SignJWT({ ...principal })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(principal.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign((keys ?? (await sessionKeys())).current);
}

/** The principal a token names, or undefined when it is forged, malformed or expired. */
export async function verifySessionToken(token: string, keys?: SessionKeys): Promise<Principal | undefined> {
  const { current, previous } = keys ?? (await sessionKeys());
  for (const key of previous ? [current, previous] : [current]) {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const parsed = principalSchema.safeParse(payload);
      return parsed.success ? parsed.data : undefined;
    } catch (error) {
      // Signed with the other key, forged, malformed or expired: try the next key, then give up.
      if (!(error instanceof errors.JOSEError)) throw error;
    }
  }
  return undefined;
}

export function readCookie(cookies: readonly string[] | undefined, name: string): string | undefined {
  for (const cookie of cookies ?? []) {
    for (const part of cookie.split(';')) {
      const [rawName, ...value] = part.trim().split('=');
      if (rawName !== name) continue;
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return undefined; // a malformed %-escape is no session
      }
    }
  }
  return undefined;
}

/** Seven days, then the user signs in again. */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

const cookieAttributes = () => `Path=/; HttpOnly; SameSite=Lax${config().mode === 'aws' ? '; Secure' : ''}`;

export const sessionCookie = (token: string): string =>
  `${SESSION_COOKIE}=${token}; Max-Age=${SESSION_LIFETIME_SECONDS}; ${cookieAttributes()}`;

export const clearedSessionCookie = (): string => `${SESSION_COOKIE}=; Max-Age=0; ${cookieAttributes()}`;
