import { createHash, createPublicKey } from 'node:crypto';
import { GetPublicKeyCommand, SignCommand } from '@aws-sdk/client-kms';
import { derToJose } from 'ecdsa-sig-formatter';
import { base64url, calculateJwkThumbprint, type JWK } from 'jose';
import { kms } from '../adapters/kms';
import { CHECKPOINT_TYPE, checkpointBytes, publicMembers, type CheckpointSigner } from './checkpoint-signer';

/**
 * The audit key in AWS: a KMS key (ECC_NIST_P256, SIGN_VERIFY) whose private half never leaves
 * KMS. KMS signs the SHA-256 of the JWS signing input and answers DER, which JWS wants as raw r‖s.
 * The public key is read once per instance, for the `kid` and the JWKS.
 */
export async function kmsSigner(keyId: string): Promise<CheckpointSigner> {
  const { PublicKey, KeySpec } = await kms().send(new GetPublicKeyCommand({ KeyId: keyId }));
  if (!PublicKey || KeySpec !== 'ECC_NIST_P256') throw new Error(`KMS key ${keyId} is not an ECC_NIST_P256 signing key`);
  const jwk = createPublicKey({ key: Buffer.from(PublicKey), format: 'der', type: 'spki' }).export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(publicMembers(jwk));
  return {
    async sign(payload) {
      const header = base64url.encode(JSON.stringify({ alg: 'ES256', typ: CHECKPOINT_TYPE, kid }));
      const signingInput = `${header}.${base64url.encode(checkpointBytes(payload))}`;
      const digest = createHash('sha256').update(signingInput).digest();
      const { Signature } = await kms().send(new SignCommand({ KeyId: keyId, Message: digest, MessageType: 'DIGEST', SigningAlgorithm: 'ECDSA_SHA_256' }));
      if (!Signature) throw new Error('KMS returned no signature');
      return `${signingInput}.${joseSignatureOf(Signature)}`;
    },
    publicKey: async () => ({ ...publicMembers(jwk), kid }),
  };
}

/** KMS answers an ECDSA signature in DER; a JWS carries it as raw r‖s, base64url (RFC 7518 §3.4). */
export const joseSignatureOf = (der: Uint8Array): string => derToJose(Buffer.from(der), 'ES256');
