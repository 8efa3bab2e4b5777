import { GetSecretValueCommand, ResourceNotFoundException } from '@aws-sdk/client-secrets-manager';
import { secrets } from '../adapters/secrets';
import { config, MIN_SESSION_SECRET_LENGTH } from '../config';

/**
 * The keys of the session cookie. In AWS the key is a Secrets Manager secret, read at run time and
 * kept for five minutes, and rotated every 30 days (rotate-session-secret.ts): tokens are signed
 * with the current version and accepted under the previous one too, so a rotation signs no one out
 * (a session lasts 7 days). Locally, and where only the environment holds a key, that one key.
 */

export interface SessionKeys {
  /** Signs new tokens. */
  readonly current: Uint8Array;
  /** Still verifies tokens signed before the last rotation. */
  readonly previous?: Uint8Array;
}

const CACHE_MS = 5 * 60 * 1000;
let cached: { keys: Promise<SessionKeys>; until: number } | undefined;

const encode = (value: string) => new TextEncoder().encode(value);

async function secretVersion(secretId: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<string | undefined> {
  try {
    const { SecretString } = await secrets().send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }));
    return SecretString;
  } catch (error) {
    // Before the first rotation there is no previous version.
    if (stage === 'AWSPREVIOUS' && error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

async function readKeys(secretId: string): Promise<SessionKeys> {
  const [current, previous] = await Promise.all([secretVersion(secretId, 'AWSCURRENT'), secretVersion(secretId, 'AWSPREVIOUS')]);
  if (!current || current.length < MIN_SESSION_SECRET_LENGTH) throw new Error(`The session secret ${secretId} must hold a random key of at least ${MIN_SESSION_SECRET_LENGTH} characters`);
  return { current: encode(current), previous: previous && previous.length >= MIN_SESSION_SECRET_LENGTH ? encode(previous) : undefined };
}

export function sessionKeys(now = Date.now()): Promise<SessionKeys> {
  const { sessionSecretArn, sessionSecret } = config();
  if (!sessionSecretArn) return Promise.resolve({ current: encode(sessionSecret) });
  if (!cached || cached.until <= now) {
    const keys = readKeys(sessionSecretArn);
    cached = { keys, until: now + CACHE_MS };
    // A failed read is not kept: the next request tries again.
    keys.catch(() => (cached = undefined));
  }
  return cached.keys;
}
