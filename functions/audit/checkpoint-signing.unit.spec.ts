import { generateKeyPairSync, sign } from 'node:crypto';
import { base64url, compactVerify, createLocalJWKSet, exportJWK, generateKeyPair, importJWK } from 'jose';
import { describe, expect, it } from 'vitest';
import type { CheckpointPayload } from '../../contract/audit';
import { CHECKPOINT_TYPE } from './checkpoint-signer';
import { joseSignatureOf } from './kms-signer';
import { localSigner } from './local-signer';

/** What KMS's signer relies on (DER to JWS's raw r‖s) and what the local one signs, checked with jose as the verifier does. */

const payload: CheckpointPayload = { projectId: 'p-1', issuedAt: '2026-11-24T07:00:00.000Z', heads: [{ streamId: 'item#a', version: 3, hash: 'ab'.repeat(32) }] };

describe('ECDSA DER signatures to JWS form', () => {
  it('turns a DER signature (as KMS returns it) into r‖s that jose verifies as ES256, for signatures of every length', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const key = await importJWK({ ...(publicKey.export({ format: 'jwk' }) as object), alg: 'ES256' }, 'ES256');
    const lengths = new Set<number>();
    // DER integers are 31 to 33 bytes (a leading 0x00 before a high bit, fewer when r or s is small): 200 runs meet most.
    for (let run = 0; run < 200; run++) {
      const signingInput = `${base64url.encode(JSON.stringify({ alg: 'ES256' }))}.${base64url.encode(`run ${run}`)}`;
      const der = sign('sha256', Buffer.from(signingInput), { key: privateKey, dsaEncoding: 'der' });
      lengths.add(der.length);
      const signature = joseSignatureOf(der);
      expect(base64url.decode(signature)).toHaveLength(64);
      await expect(compactVerify(`${signingInput}.${signature}`, key)).resolves.toBeDefined();
    }
    expect(lengths.size).toBeGreaterThan(1);
  });

  it('refuses what is not a DER ECDSA signature', () => {
    for (const bad of [new Uint8Array(), new Uint8Array(64), Uint8Array.from([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01]), Uint8Array.from([0x30, 0x03, 0x02, 0x01, 0x01, 0x00])]) {
      expect(() => joseSignatureOf(bad)).toThrow();
    }
  });
});

describe('the local audit key', () => {
  it('signs a checkpoint as a compact ES256 JWS with its thumbprint as kid, verifiable with its published public key only', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const signer = await localSigner(JSON.stringify(await exportJWK(privateKey)));
    const jws = await signer.sign(payload);
    const publicKey = await signer.publicKey();
    expect(publicKey).not.toHaveProperty('d');
    const { payload: bytes, protectedHeader } = await compactVerify(jws, createLocalJWKSet({ keys: [publicKey] }));
    expect(protectedHeader).toEqual({ alg: 'ES256', typ: CHECKPOINT_TYPE, kid: publicKey.kid });
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(payload);

    const other = await localSigner(JSON.stringify(await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey)));
    await expect(compactVerify(jws, createLocalJWKSet({ keys: [{ ...(await other.publicKey()), kid: publicKey.kid }] }))).rejects.toThrow();
  });

  it('refuses a key that is not a private P-256 JWK', async () => {
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    await expect(localSigner(JSON.stringify(await exportJWK(publicKey)))).rejects.toThrow(/private EC P-256 JWK/);
  });
});
