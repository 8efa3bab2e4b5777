import { calculateJwkThumbprint, CompactSign, importJWK, type JWK } from 'jose';
import { CHECKPOINT_TYPE, checkpointBytes, publicMembers, type CheckpointSigner } from './checkpoint-signer';

/**
 * The local cloud's audit key: an EC P-256 key pair as a private JWK, generated once and kept in
 * the data folder (infra/local/audit-key.ts), signed with jose.
 */
export async function localSigner(privateJwkJson: string): Promise<CheckpointSigner> {
  const jwk = JSON.parse(privateJwkJson) as JWK;
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new Error('AUDIT_SIGNING_KEY must be a private EC P-256 JWK');
  const kid = await calculateJwkThumbprint(publicMembers(jwk));
  const key = await importJWK({ ...jwk, alg: 'ES256' }, 'ES256');
  return {
    sign: (payload) => new CompactSign(checkpointBytes(payload)).setProtectedHeader({ alg: 'ES256', typ: CHECKPOINT_TYPE, kid }).sign(key),
    publicKey: async () => ({ ...publicMembers(jwk), kid }),
  };
}
