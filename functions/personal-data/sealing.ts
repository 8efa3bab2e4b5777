import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { PersonalDataCipher } from '../store/event-store';
import { ERASED, openEvent, personalValues, sealedContext, sealedRefsOf, sealedValue, sealEvent, type SealedRef } from '../../events/personal-data';
import { defaultKeyring, type DataKey, type Keyring } from './person-keys';

/**
 * Sealing and opening events' personal values (events/personal-data.ts says which) with AES-256-GCM
 * under their subject's data key. The store seals before hashing, so the hash chain covers the
 * sealed form and still verifies once a key is gone; it opens on every read but the raw ones
 * (verification, audit export).
 */


function encrypt(key: DataKey, subject: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv).setAAD(Buffer.from(sealedContext(subject, key.keyId)));
  const payload = Buffer.concat([iv, cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64url');
  return sealedValue({ subject, keyId: key.keyId, payload });
}

function decrypt(key: DataKey | undefined, ref: SealedRef): string {
  // No key, or a later key of the same subject: the value was erased.
  if (!key || key.keyId !== ref.keyId) return ERASED;
  const bytes = Buffer.from(ref.payload, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, 12)).setAAD(Buffer.from(sealedContext(ref.subject, ref.keyId)));
    decipher.setAuthTag(bytes.subarray(-16));
    return Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]).toString('utf8');
  } catch {
    // Altered ciphertext: the hash chain reports the edit; the reader sees no made-up value.
    return ERASED;
  }
}

export function personalDataCipher(keyring: Keyring): PersonalDataCipher {
  return {
    async seal(events) {
      const subjects = new Set(events.flatMap((event) => personalValues(event).map((value) => value.subject)));
      if (!subjects.size) return [...events];
      const keys = await keyring.sealingKeys(subjects);
      return events.map((event) => sealEvent(event, (value, subject) => encrypt(keys.get(subject)!, subject, value)));
    },
    async open(events) {
      const subjects = new Set(events.flatMap((event) => sealedRefsOf(event).map((ref) => ref.subject)));
      if (!subjects.size) return [...events];
      const keys = await keyring.keysFor(subjects);
      return events.map((event) => openEvent(event, (ref) => decrypt(keys.get(ref.subject), ref)));
    },
  };
}

let cipher: PersonalDataCipher | undefined;

/** The cipher the handlers' event store uses. */
export const defaultCipher = (): PersonalDataCipher => (cipher ??= personalDataCipher(defaultKeyring()));
