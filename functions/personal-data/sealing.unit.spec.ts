import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/envelope';
import { ERASED, personalValues } from '../../events/personal-data';
import type { DataKey, Keyring } from './person-keys';
import { personalDataCipher } from './sealing';
import { randomBytes } from 'node:crypto';

/** A keyring in memory (the DynamoDB one is exercised by tests/integration/person-erasure). */
function memoryKeyring() {
  const keys = new Map<string, DataKey>();
  const keyring: Keyring = {
    async keysFor(subjects) {
      return new Map([...subjects].map((subject) => [subject, keys.get(subject)]));
    },
    async sealingKeys(subjects) {
      for (const subject of subjects) if (!keys.has(subject)) keys.set(subject, { keyId: randomBytes(8).toString('hex'), key: randomBytes(32) });
      return new Map([...subjects].map((subject) => [subject, keys.get(subject)!]));
    },
    async erase(subjects) {
      let erased = 0;
      for (const subject of subjects) if (keys.delete(subject)) erased++;
      return erased;
    },
  };
  return keyring;
}

const event = (type: string, data: unknown, overrides: Partial<StoredEvent> = {}): Omit<StoredEvent, 'hash'> => ({
  streamId: 'project#p1',
  version: 1,
  eventId: '01J',
  type,
  schemaVersion: 1,
  data,
  tenantId: 'contractor-1',
  projectId: 'p1',
  meta: { actorId: 'client-1', role: 'client', displayName: 'Perdita Quill', at: '2026-11-24T12:00:00.000Z', requestId: 'r1' },
  prevHash: '0',
  ...overrides,
});

describe('personal values in events', () => {
  it('names whose each value is: the actor, the account owner, the project client', () => {
    expect(personalValues(event('MessagePosted', { senderName: 'Perdita Quill', message: 'Hi' }))).toEqual([
      { path: ['meta', 'displayName'], subject: 'person:client-1' },
      { path: ['data', 'senderName'], subject: 'person:client-1' },
    ]);
    const registered = event('UserRegistered', { userId: 'u9', email: 'p@example.com', firstName: 'P', lastName: 'Q', companyName: null, phone: '555' }, { projectId: undefined, meta: { actorId: 'u9', role: 'client', displayName: 'P Q', at: '', requestId: '' } });
    expect(personalValues(registered).map((value) => `${value.path.join('.')}=${value.subject}`)).toEqual([
      'meta.displayName=person:u9',
      'data.email=person:u9',
      'data.firstName=person:u9',
      'data.lastName=person:u9',
      'data.companyName=person:u9',
      'data.phone=person:u9',
    ]);
    const updated = event('ProjectUpdated', { changes: { name: { from: 'A', to: 'B' }, clientPhone: { from: null, to: '555' } } }, { meta: { actorId: 'c', role: 'contractor', displayName: 'C', at: '', requestId: '' } });
    expect(personalValues(updated).filter((value) => value.path[0] === 'data').map((value) => value.path.join('.'))).toEqual(['data.changes.clientPhone.from', 'data.changes.clientPhone.to']);
    // The app's own actions carry no person.
    expect(personalValues(event('ClientAssigned', { clientId: 'x' }, { meta: { actorId: 'system', role: 'system', displayName: 'Construction Checklist', at: '', requestId: '' } }))).toEqual([]);
  });

  it('seals them (nothing readable left, nulls stay null), opens them back, and reads Deleted user once the key is gone', async () => {
    const keyring = memoryKeyring();
    const cipher = personalDataCipher(keyring);
    const plain = event('ProjectCreated', { projectId: 'p1', contractorId: 'c', name: 'Oak House', address: '1 Lane', clientName: 'Perdita Quill', clientEmail: 'perdita@example.com', clientPhone: null });
    const [sealed] = await cipher.seal([plain]);
    const stored = JSON.stringify(sealed);
    for (const secret of ['Perdita', 'perdita@example.com']) expect(stored).not.toContain(secret);
    expect(sealed!.data).toMatchObject({ name: 'Oak House', address: '1 Lane', clientPhone: null });
    expect((sealed!.data as { clientName: string }).clientName).toMatch(/^pii1:client:p1:[0-9a-f]{16}:/);
    // Every seal is fresh (random IV): equal values do not show as equal.
    const [again] = await cipher.seal([plain]);
    expect((again!.data as { clientName: string }).clientName).not.toBe((sealed!.data as { clientName: string }).clientName);

    expect(await cipher.open([sealed!])).toEqual([plain]);

    await keyring.erase(['client:p1']);
    const [erased] = await cipher.open([sealed!]);
    expect(erased!.data).toMatchObject({ clientName: ERASED, clientEmail: ERASED, clientPhone: null, name: 'Oak House' });
    // The actor's own key was not erased: their name still opens.
    expect(erased!.meta.displayName).toBe('Perdita Quill');
  });

  it('a sealed value moved to another field of another subject, or altered, never opens as something else', async () => {
    const keyring = memoryKeyring();
    const cipher = personalDataCipher(keyring);
    const [sealed] = await cipher.seal([event('MessagePosted', { senderName: 'Perdita Quill', message: 'Hi' })]);
    const name = (sealed!.data as { senderName: string }).senderName;
    const altered = { ...sealed!, data: { ...(sealed!.data as object), senderName: `${name.slice(0, -4)}AAAA` } };
    expect((await cipher.open([altered]))[0]!.data).toMatchObject({ senderName: ERASED });
    // Claimed for another subject (the AES-GCM associated data binds subject and key): not opened.
    await keyring.sealingKeys(['person:someone-else']);
    const relabelled = { ...sealed!, data: { ...(sealed!.data as object), senderName: name.replace('person:client-1', 'person:someone-else') } };
    expect((await cipher.open([relabelled]))[0]!.data).toMatchObject({ senderName: ERASED });
  });
});
