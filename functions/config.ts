/**
 * Runtime configuration, from the environment. The same names are set by the CDK stack (AWS),
 * by `infra/local` (the embedded local cloud) and by hand (LocalStack). AWS endpoints are not
 * configured here: the AWS SDK reads `AWS_ENDPOINT_URL` / `AWS_ENDPOINT_URL_<SERVICE>` itself.
 */

export interface Config {
  readonly eventsTable: string;
  readonly stateTable: string;
  /** The data keys personal data inside events is sealed with, one per person (functions/people). */
  readonly keysTable: string;
  readonly uploadsBucket: string;
  readonly mailFrom: string;
  /** Where people open the app (links in e-mails): the CloudFront address, or the local gateway's. */
  readonly appUrl: string;
  /** https://{api}.execute-api.{region}.amazonaws.com/{stage}, or the local gateway's address. */
  readonly wsManagementEndpoint: string | undefined;
  /** HS256 key for session JWTs, when the environment holds it (local cloud, LocalStack). */
  readonly sessionSecret: string;
  /** AWS: the Secrets Manager secret holding the session key, read at run time and rotated (functions/auth/session-keys.ts); wins over sessionSecret. */
  readonly sessionSecretArn: string | undefined;
  /** `local` on the embedded local cloud: extra help for developers (e.g. reset links in answers). */
  readonly mode: 'aws' | 'local';
  /** Talking to an S3-compatible server (s3rver, LocalStack) rather than AWS S3. */
  readonly s3Compatible: boolean;
  /** In Lambda: where @sparticuz/chromium-min fetches its Chromium pack (a .tar URL). */
  readonly chromiumPackUrl: string | undefined;
  /** Outside Lambda: the Chromium to run (default Debian's /usr/bin/chromium). */
  readonly chromiumPath: string;
  /**
   * The value CloudFront sends in the x-origin-verify header to the API (a Secrets Manager secret):
   * only a request carrying it came through CloudFront, so only then is its x-viewer-address the
   * viewer's. Unset (local cloud): the address is always the connection's.
   */
  readonly originSecret: string | undefined;
  /** Local cloud: the audit key pair as a private JWK (JSON), generated once into the data folder. */
  readonly auditSigningKey: string | undefined;
  /** AWS: the KMS key (ECC_NIST_P256, SIGN_VERIFY) that signs audit checkpoints; wins over auditSigningKey. */
  readonly auditKmsKeyId: string | undefined;
  /** Public keys that signed checkpoints before a rotation, as a JWKS (JSON): still published, never used to sign. */
  readonly auditRetiredKeys: string | undefined;
  /** AWS: the KMS key (SYMMETRIC_DEFAULT) that wraps the per-person data keys; wins over personKeysWrappingKey. */
  readonly personKeysKmsKeyId: string | undefined;
  /** Local cloud: a 256-bit key (base64) that wraps the per-person data keys, generated once into the data folder. */
  readonly personKeysWrappingKey: string | undefined;
  /** AWS: the CloudFront distribution serving `/objects/*`, purged of an erased person's photos. Unset (local cloud): no CDN, nothing to purge. */
  readonly cdnDistributionId: string | undefined;
  /** The bucket closed projects are archived to (functions/archive), one gzip JSON object each. */
  readonly archiveBucket: string;
  /** A project completed or cancelled for more than this many days is archived by `npm run projects:archive`. */
  readonly archiveAfterDays: number;
  /**
   * bcrypt's cost for new password hashes: always 10 in AWS. The local cloud takes a lower one when
   * set (the tests' 4: a suite that signs up thousands of people spent a fifth of its gateway's CPU
   * on hashing). A stored hash names its own cost, so either kind still verifies.
   */
  readonly passwordHashCost: number;
}

export const envNames = {
  eventsTable: 'EVENTS_TABLE',
  stateTable: 'STATE_TABLE',
  keysTable: 'KEYS_TABLE',
  uploadsBucket: 'UPLOADS_BUCKET',
  mailFrom: 'MAIL_FROM',
  appUrl: 'APP_URL',
  wsManagementEndpoint: 'WS_MANAGEMENT_ENDPOINT',
  sessionSecret: 'SESSION_SECRET',
  sessionSecretArn: 'SESSION_SECRET_ARN',
  mode: 'APP_MODE',
  s3Compatible: 'S3_COMPATIBLE',
  chromiumPackUrl: 'CHROMIUM_PACK_URL',
  chromiumPath: 'CHROMIUM_PATH',
  originSecret: 'ORIGIN_SECRET',
  auditSigningKey: 'AUDIT_SIGNING_KEY',
  auditKmsKeyId: 'AUDIT_KMS_KEY_ID',
  auditRetiredKeys: 'AUDIT_RETIRED_KEYS',
  personKeysKmsKeyId: 'PERSON_KEYS_KMS_KEY_ID',
  personKeysWrappingKey: 'PERSON_KEYS_WRAPPING_KEY',
  cdnDistributionId: 'CDN_DISTRIBUTION_ID',
  archiveBucket: 'ARCHIVE_BUCKET',
  archiveAfterDays: 'ARCHIVE_AFTER_DAYS',
  passwordHashCost: 'PASSWORD_HASH_COST',
} as const satisfies Record<keyof Config, string>;

/** The session key of local runs only; public in this repository, so never accepted in AWS. */
export const LOCAL_SESSION_SECRET = 'local-development-secret-not-for-production';
export const MIN_SESSION_SECRET_LENGTH = 32;
/** bcrypt's cost for new password hashes in AWS (the local cloud may lower it: passwordHashCost). */
export const PASSWORD_HASH_COST = 10;
/** bcrypt's least. */
const MIN_PASSWORD_HASH_COST = 4;

/** Read on every call (cheap) so that the local cloud and tests can set the environment first. */
export function config(): Config {
  const env = process.env;
  const mode = env[envNames.mode] === 'local' ? 'local' : 'aws';
  const sessionSecret = env[envNames.sessionSecret];
  const sessionSecretArn = env[envNames.sessionSecretArn] || undefined;
  // Outside the local cloud a missing, known or short key would let anyone sign sessions: refuse to start.
  if (mode === 'aws' && !sessionSecretArn && (!sessionSecret || sessionSecret === LOCAL_SESSION_SECRET || sessionSecret.length < MIN_SESSION_SECRET_LENGTH)) {
    throw new Error(`${envNames.sessionSecret} must be set to a random key of at least ${MIN_SESSION_SECRET_LENGTH} characters (not the local development one), or ${envNames.sessionSecretArn} to its secret`);
  }
  return {
    eventsTable: env[envNames.eventsTable] ?? 'cc-events',
    stateTable: env[envNames.stateTable] ?? 'cc-state',
    keysTable: env[envNames.keysTable] ?? 'cc-keys',
    uploadsBucket: env[envNames.uploadsBucket] ?? 'cc-uploads',
    mailFrom: env[envNames.mailFrom] ?? 'no-reply@construction-checklist.local',
    appUrl: (env[envNames.appUrl] ?? 'http://localhost:3000').replace(/\/$/, ''),
    wsManagementEndpoint: env[envNames.wsManagementEndpoint] || undefined,
    sessionSecret: sessionSecret || LOCAL_SESSION_SECRET,
    sessionSecretArn,
    mode,
    s3Compatible: env[envNames.s3Compatible] === 'true',
    chromiumPackUrl: env[envNames.chromiumPackUrl] || undefined,
    chromiumPath: env[envNames.chromiumPath] || '/usr/bin/chromium',
    originSecret: env[envNames.originSecret] || undefined,
    auditSigningKey: env[envNames.auditSigningKey] || undefined,
    auditKmsKeyId: env[envNames.auditKmsKeyId] || undefined,
    auditRetiredKeys: env[envNames.auditRetiredKeys] || undefined,
    personKeysKmsKeyId: env[envNames.personKeysKmsKeyId] || undefined,
    personKeysWrappingKey: env[envNames.personKeysWrappingKey] || undefined,
    cdnDistributionId: env[envNames.cdnDistributionId] || undefined,
    archiveBucket: env[envNames.archiveBucket] || 'cc-archive',
    archiveAfterDays: Number(env[envNames.archiveAfterDays] || 180),
    passwordHashCost: mode === 'local' ? localPasswordHashCost(env[envNames.passwordHashCost]) : PASSWORD_HASH_COST,
  };
}

function localPasswordHashCost(value: string | undefined): number {
  if (value === undefined || value === '') return PASSWORD_HASH_COST;
  const cost = Number(value);
  if (!Number.isInteger(cost) || cost < MIN_PASSWORD_HASH_COST || cost > PASSWORD_HASH_COST) {
    throw new Error(`${envNames.passwordHashCost} must be a whole number from ${MIN_PASSWORD_HASH_COST} to ${PASSWORD_HASH_COST}, not "${value}"`);
  }
  return cost;
}

/** A time limit in whole milliseconds from the environment variable `name`, `fallback` when unset; a clear error naming it when it is not one. */
export function millisecondsFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env[name] ?? fallback);
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`${name} must be a whole number of milliseconds > 0, not "${env[name]}"`);
  return ms;
}
