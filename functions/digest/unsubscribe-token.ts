import { createHmac } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import * as z from 'zod/mini';
import { sessionKeys, type SessionKeys } from '../auth/session-keys';

/**
 * The unsubscribe link of a digest mail: a signed token naming the client and the project, so the
 * link works without signing in and cannot be made for anyone else. Signed with a key derived from
 * the session key (HMAC with this purpose), so it is never a session token nor the other way
 * round; it verifies under the previous session key too, so it outlives one key rotation (30 days).
 */

const PURPOSE = 'digest-unsubscribe/v1';
const claims = z.object({ sub: z.string(), projectId: z.string(), purpose: z.literal(PURPOSE) });

export interface DigestSubscription {
  readonly userId: string;
  readonly projectId: string;
}

const derived = (key: Uint8Array) => new Uint8Array(createHmac('sha256', key).update(PURPOSE).digest());

export async function signUnsubscribeToken({ userId, projectId }: DigestSubscription, keys?: SessionKeys): Promise<string> {
  return new SignJWT({ projectId, purpose: PURPOSE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .sign(derived((keys ?? (await sessionKeys())).current));
}

/** Whom and which project the token names, or undefined when it is forged or malformed. */
export async function verifyUnsubscribeToken(token: string, keys?: SessionKeys): Promise<DigestSubscription | undefined> {
  const { current, previous } = keys ?? (await sessionKeys());
  for (const key of previous ? [current, previous] : [current]) {
    try {
      const { payload } = await jwtVerify(token, derived(key), { algorithms: ['HS256'] });
      const parsed = claims.safeParse(payload);
      return parsed.success ? { userId: parsed.data.sub, projectId: parsed.data.projectId } : undefined;
    } catch (error) {
      if (!(error instanceof errors.JOSEError)) throw error;
    }
  }
  return undefined;
}
