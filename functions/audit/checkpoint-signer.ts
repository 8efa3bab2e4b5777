import canonicalize from 'canonicalize';
import type { JWK } from 'jose';
import type { CheckpointPayload } from '../../contract/audit';

/**
 * The app's audit key: it signs checkpoints (a project's stream heads) as compact JWS, ES256, with
 * the key's RFC 7638 thumbprint as `kid`. Two implementations behind this one interface: a key pair
 * kept in the local cloud's data folder (local-signer.ts) and a KMS key in AWS (kms-signer.ts),
 * whose private half never leaves KMS. Both produce the same JWS, which `npm run audit:verify`
 * checks against the published public keys.
 */
export interface CheckpointSigner {
  sign(payload: CheckpointPayload): Promise<string>;
  /** The public half of the current key, as published. */
  publicKey(): Promise<JWK>;
}

/** A JWS of this type is a checkpoint and nothing else the key might ever sign (the verifier holds it to that). */
export { CHECKPOINT_TYPE } from '../../events/audit-verification';

/** The signed bytes: the payload as canonical JSON (RFC 8785), so equal checkpoints sign equal bytes. */
export const checkpointBytes = (payload: CheckpointPayload): Uint8Array => new TextEncoder().encode(canonicalize(payload) ?? '');

/** Only the members a public EC key has: whatever else a configured key carries (a private `d`) is never published. */
export const publicMembers = ({ kty, crv, x, y, kid }: JWK): JWK => ({ kty, crv, x, y, kid, alg: 'ES256', use: 'sig' });
