import type { JWK } from 'jose';
import type { AuditKeys } from '../../contract/audit';
import { config } from '../config';
import { publicMembers, type CheckpointSigner } from './checkpoint-signer';

/** The app's audit key as configured, and the public keys it publishes. */

let signer: Promise<CheckpointSigner> | undefined;

/** The configured signer (KMS when a key id is configured, else the local key), made once per instance. */
export function checkpointSigner(): Promise<CheckpointSigner> {
  signer ??= (async () => {
    const { auditKmsKeyId, auditSigningKey } = config();
    if (auditKmsKeyId) return (await import('./kms-signer')).kmsSigner(auditKmsKeyId);
    if (auditSigningKey) return (await import('./local-signer')).localSigner(auditSigningKey);
    throw new Error('No audit key configured: set AUDIT_KMS_KEY_ID (AWS) or AUDIT_SIGNING_KEY (a private EC P-256 JWK)');
  })();
  signer.catch(() => (signer = undefined));
  return signer;
}

/** Every public key that may have signed a checkpoint: the current one and the retired ones (config), as a JWKS. */
export async function publishedKeys(): Promise<AuditKeys> {
  const current = await (await checkpointSigner()).publicKey();
  const retired = parseRetired(config().auditRetiredKeys);
  const keys = [current, ...retired.filter((key) => key.kid !== current.kid)];
  // Each is an EC P-256 key (the signer's, or a retired one filtered below): jose's JWK leaves `kty` optional.
  return { keys: keys.map(publicMembers) as AuditKeys['keys'] };
}

function parseRetired(text: string | undefined): JWK[] {
  if (!text) return [];
  const parsed = JSON.parse(text) as { keys?: JWK[] } | JWK[];
  const keys = Array.isArray(parsed) ? parsed : (parsed.keys ?? []);
  return keys.filter((key) => key.kty === 'EC' && key.crv === 'P-256' && key.x && key.y && key.kid);
}
