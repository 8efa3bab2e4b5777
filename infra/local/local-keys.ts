import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';

/**
 * The local cloud's audit key (AWS uses a KMS key): an EC P-256 key pair generated the first time
 * and kept in the data folder, so checkpoints signed by `npm start` stay verifiable across
 * restarts (tests get a fresh one in their scratch folder). Only the owner may read the file.
 */
export async function localAuditKey(dataDir: string): Promise<string> {
  const file = join(dataDir, 'audit-signing-key.jwk.json');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = JSON.stringify({ ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig' });
  writeFileSync(file, jwk, { mode: 0o600 });
  return jwk;
}

/**
 * The local cloud's stand-in for the KMS key that wraps per-person data keys (functions/people):
 * 256 random bits, made once and kept in the data folder beside the audit key, so people's data
 * sealed by `npm start` still opens after a restart.
 */
export function localWrappingKey(dataDir: string): string {
  const file = join(dataDir, 'person-keys-wrapping.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/**
 * The local cloud's operator key (issue 31; AWS authorises operators with IAM instead): 256
 * random bits, made once and kept in the data folder beside the other keys. The gateway's
 * operator API accepts `Authorization: Bearer <key>`; `npm run tenant` reads it from the
 * environment `npm start` writes (LOCAL_OPERATOR_KEY).
 */
export function localOperatorKey(dataDir: string): string {
  const file = join(dataDir, 'operator.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
