import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';

/** The stack's secrets and KMS keys: the session key, CloudFront's origin header, the audit and person-keys keys. */
export function buildSecrets(scope: Stack): { sessionSecret: Secret; originSecret: Secret; auditKey: Key; personKeysKey: Key } {
  const sessionSecret = new Secret(scope, 'SessionSecret', {
    description: 'HS256 key for Construction Checklist session tokens',
    generateSecretString: { passwordLength: 64, excludePunctuation: true },
  });
  // Sent by CloudFront to both APIs as x-origin-verify: a request without it went around CloudFront
  // and its WAF and is refused; it also marks x-viewer-address as CloudFront's (functions/http/client-address.ts).
  const originSecret = new Secret(scope, 'OriginSecret', {
    description: 'Construction Checklist: the x-origin-verify header CloudFront sends to the HTTP API',
    generateSecretString: { passwordLength: 64, excludePunctuation: true },
  });

  // Signs audit checkpoints (functions/audit/): asymmetric, so anyone can verify with the public
  // key (GET /api/audit/keys) and the private half never leaves KMS. Retained: old checkpoints
  // must stay verifiable. To rotate, make a new key and list the old public key in context
  // `auditRetiredKeys` (a JWKS).
  const auditKey = new Key(scope, 'AuditSigningKey', {
    description: 'Construction Checklist: signs audit checkpoints (stream heads) as ES256 JWS',
    keySpec: KeySpec.ECC_NIST_P256,
    keyUsage: KeyUsage.SIGN_VERIFY,
    removalPolicy: RemovalPolicy.RETAIN,
  });

  // Wraps the data keys that seal personal data inside events (functions/personal-data/): erasing a
  // person deletes their wrapped key from the keys table; this key stays, rotated yearly.
  const personKeysKey = new Key(scope, 'PersonKeysWrappingKey', {
    description: 'Construction Checklist: wraps the per-person data keys of personal data in events',
    enableKeyRotation: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  return { sessionSecret, originSecret, auditKey, personKeysKey };
}
