import { randomBytes } from 'node:crypto';
import { MIN_SESSION_SECRET_LENGTH } from '../config';

/**
 * Rotating the session key (Secrets Manager's four steps, for a secret that is only a random key
 * the app reads itself): createSecret stores a new key as AWSPENDING, setSecret has nothing to
 * set, testSecret checks the pending key, finishSecret makes it AWSCURRENT (the old one becomes
 * AWSPREVIOUS, still accepted by session-keys.ts until the next rotation). Each step may run more
 * than once: it does its part only if it is not done.
 */

export type RotationStep = 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';

/** What the steps need of Secrets Manager (rotate-session-secret.ts gives the real one). */
export interface SecretVersions {
  /** Each version id with its stages. */
  stages(): Promise<Record<string, readonly string[]>>;
  value(versionId: string, stage: string): Promise<string | undefined>;
  putPending(versionId: string, value: string): Promise<void>;
  makeCurrent(versionId: string, from: string | undefined): Promise<void>;
}

/** 64 characters of base64url: 384 random bits. */
export const newSessionKey = (): string => randomBytes(48).toString('base64url');

export async function rotationStep(secret: SecretVersions, step: RotationStep, token: string): Promise<void> {
  const stages = await secret.stages();
  const ofToken = stages[token];
  if (!ofToken) throw new Error(`Version ${token} is not a version of the secret`);
  if (ofToken.includes('AWSCURRENT')) return;
  if (!ofToken.includes('AWSPENDING')) throw new Error(`Version ${token} is not pending rotation`);

  switch (step) {
    case 'createSecret':
      if ((await secret.value(token, 'AWSPENDING')) === undefined) await secret.putPending(token, newSessionKey());
      return;
    case 'setSecret':
      return;
    case 'testSecret': {
      const pending = await secret.value(token, 'AWSPENDING');
      if (!pending || pending.length < MIN_SESSION_SECRET_LENGTH) throw new Error(`The pending session key is missing or shorter than ${MIN_SESSION_SECRET_LENGTH} characters`);
      return;
    }
    case 'finishSecret': {
      const current = Object.entries(stages).find(([, names]) => names.includes('AWSCURRENT'))?.[0];
      await secret.makeCurrent(token, current);
      return;
    }
  }
}
