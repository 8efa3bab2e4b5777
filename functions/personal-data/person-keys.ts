import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, EncryptCommand } from '@aws-sdk/client-kms';
import { BatchGetCommand, DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../adapters/dynamo';
import { kms } from '../adapters/kms';
import { config } from '../config';

/**
 * The data keys personal data is sealed with: one 256-bit key per subject (a person, a project's
 * client), in the keys table, wrapped (encrypted) by KMS in AWS or by a local wrapping key on the
 * local cloud. A key is created the first time something of its subject is sealed; erasing the
 * subject deletes it, and with it every way to read what it sealed.
 *
 * Opening always asks the table which keys exist (one BatchGetItem per read that holds sealed
 * values; the unwrapped key itself is kept, so KMS is asked once per key and instance): an erasure
 * shows everywhere at once. Sealing uses a key known for up to five minutes, so a write costs no
 * extra round trip once warm; what a stale key seals right after an erasure reads as erased.
 */

export interface DataKey {
  /** 16 hex digits, new for every key: a value sealed under an erased key never opens with a later one. */
  readonly keyId: string;
  readonly key: Buffer;
}

export interface KeyWrapper {
  wrap(subject: string, key: Buffer): Promise<string>;
  unwrap(subject: string, wrapped: string): Promise<Buffer>;
}

const KEY_SORT = 'data-key';
const CACHE_MS = 5 * 60 * 1000;
const BATCH_GET = 100;

/** KMS in AWS: the subject is the encryption context, so a wrapped key moved to another subject does not unwrap. */
export const kmsWrapper = (keyId: string): KeyWrapper => ({
  async wrap(subject, key) {
    const { CiphertextBlob } = await kms().send(new EncryptCommand({ KeyId: keyId, Plaintext: key, EncryptionContext: { subject } }));
    return Buffer.from(CiphertextBlob!).toString('base64');
  },
  async unwrap(subject, wrapped) {
    const { Plaintext } = await kms().send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: Buffer.from(wrapped, 'base64'), EncryptionContext: { subject } }));
    return Buffer.from(Plaintext!);
  },
});

/** The local cloud's stand-in for KMS: AES-256-GCM under a key from the data folder, the subject as associated data. */
export const localWrapper = (wrappingKey: Buffer): KeyWrapper => ({
  async wrap(subject, key) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', wrappingKey, iv).setAAD(Buffer.from(subject));
    return Buffer.concat([iv, cipher.update(key), cipher.final(), cipher.getAuthTag()]).toString('base64');
  },
  async unwrap(subject, wrapped) {
    const bytes = Buffer.from(wrapped, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', wrappingKey, bytes.subarray(0, 12)).setAAD(Buffer.from(subject));
    decipher.setAuthTag(bytes.subarray(-16));
    return Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]);
  },
});

export function configuredWrapper(): KeyWrapper {
  const { personKeysKmsKeyId, personKeysWrappingKey } = config();
  if (personKeysKmsKeyId) return kmsWrapper(personKeysKmsKeyId);
  if (personKeysWrappingKey) return localWrapper(Buffer.from(personKeysWrappingKey, 'base64'));
  throw new Error('Neither PERSON_KEYS_KMS_KEY_ID nor PERSON_KEYS_WRAPPING_KEY is set: personal data cannot be sealed');
}

export type Keyring = ReturnType<typeof createKeyring>;

export function createKeyring(options: { client: DynamoDBDocumentClient; tableName: string; wrapper: KeyWrapper; now?: () => number }) {
  const { client, tableName, wrapper } = options;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { key: DataKey | undefined; at: number }>();
  /** Unwrapped keys by `subject:keyId`: a key that exists is unwrapped once per instance. */
  const unwrappedKeys = new Map<string, Buffer>();

  const cached = (subject: string) => {
    const entry = cache.get(subject);
    return entry && now() - entry.at < CACHE_MS ? entry : undefined;
  };

  async function unwrapped(item: Record<string, unknown>): Promise<DataKey> {
    const keyId = item.keyId as string;
    const ref = `${item.subject as string}:${keyId}`;
    let key = unwrappedKeys.get(ref);
    if (!key) unwrappedKeys.set(ref, (key = await wrapper.unwrap(item.subject as string, item.wrappedKey as string)));
    return { keyId, key };
  }

  /** The subjects' keys as stored now (undefined: none, never made or erased), read 100 to a request. */
  async function load(subjects: readonly string[]): Promise<void> {
    for (let i = 0; i < subjects.length; i += BATCH_GET) {
      let keys: Record<string, unknown>[] = subjects.slice(i, i + BATCH_GET).map((subject) => ({ subject, sk: KEY_SORT }));
      const found = new Map<string, Record<string, unknown>>();
      while (keys.length) {
        const answer = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }));
        for (const item of answer.Responses?.[tableName] ?? []) found.set(item.subject as string, item);
        keys = answer.UnprocessedKeys?.[tableName]?.Keys ?? [];
      }
      await Promise.all(
        subjects.slice(i, i + BATCH_GET).map(async (subject) => {
          const item = found.get(subject);
          cache.set(subject, { key: item ? await unwrapped(item) : undefined, at: now() });
        }),
      );
    }
  }

  /** The keys that open values of these subjects, as the table holds them now (undefined for a subject whose key is gone). */
  async function keysFor(subjects: Iterable<string>): Promise<Map<string, DataKey | undefined>> {
    const wanted = [...new Set(subjects)];
    await load(wanted);
    return new Map(wanted.map((subject) => [subject, cache.get(subject)?.key]));
  }

  async function create(subject: string): Promise<DataKey> {
    const made: DataKey = { keyId: randomBytes(8).toString('hex'), key: randomBytes(32) };
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { subject, sk: KEY_SORT, keyId: made.keyId, wrappedKey: await wrapper.wrap(subject, made.key), createdAt: new Date(now()).toISOString() },
          ConditionExpression: 'attribute_not_exists(subject)',
        }),
      );
      cache.set(subject, { key: made, at: now() });
      return made;
    } catch (error) {
      // Another writer made the subject's first key at the same moment: use theirs.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const theirs = (await keysFor([subject])).get(subject);
      if (!theirs) throw new Error(`The key of ${subject} was created and erased at once`, { cause: error });
      return theirs;
    }
  }

  /** The keys to seal with: each subject's current key, made when it has none. */
  async function sealingKeys(subjects: Iterable<string>): Promise<Map<string, DataKey>> {
    const wanted = [...new Set(subjects)];
    await load(wanted.filter((subject) => !cached(subject)?.key));
    const keys = new Map<string, DataKey>();
    for (const subject of wanted) keys.set(subject, cache.get(subject)?.key ?? (await create(subject)));
    return keys;
  }

  /** Deletes the subjects' keys: what they sealed reads as erased from now on. Returns how many existed. */
  async function erase(subjects: Iterable<string>): Promise<number> {
    let erased = 0;
    for (const subject of new Set(subjects)) {
      const { Attributes } = await client.send(new DeleteCommand({ TableName: tableName, Key: { subject, sk: KEY_SORT }, ReturnValues: 'ALL_OLD' }));
      if (Attributes) erased++;
      cache.delete(subject);
      if (Attributes) unwrappedKeys.delete(`${subject}:${Attributes.keyId as string}`);
    }
    return erased;
  }

  return { keysFor, sealingKeys, erase };
}

let keyring: Keyring | undefined;

/** The keyring the handlers use: the configured keys table and wrapper. */
export const defaultKeyring = (): Keyring => (keyring ??= createKeyring({ client: dynamo(), tableName: config().keysTable, wrapper: configuredWrapper() }));
