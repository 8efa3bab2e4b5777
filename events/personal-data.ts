import type { StoredEvent } from './envelope';

/**
 * Personal data inside events, and whose it is (GDPR erasure by crypto-shredding).
 *
 * Each personal value is stored sealed (encrypted) under a key of its subject: a person (their
 * account's details, their name on everything they did, on their chat messages) or a project's
 * client (the contact details a contractor keeps on the project, and the invitation's address).
 * Erasing a subject deletes its key: the sealed values can no longer be opened and read as
 * 'Deleted user', while the hash chain, which covers the sealed form, still verifies.
 *
 * This module says which values are personal and how a sealed value is written; the cipher and
 * the keys live in functions/people.
 */

/** What an erased value reads as, wherever it was: a name, an address, a phone number. */
export const ERASED = 'Deleted user';

export const personSubject = (userId: string) => `person:${userId}`;
export const projectClientSubject = (projectId: string) => `client:${projectId}`;

/** The person a subject is, if it is one (`person:<id>`). */
export const personOf = (subject: string): string | undefined => (subject.startsWith('person:') ? subject.slice('person:'.length) : undefined);

/** A sealed value: `pii1:<subject>:<keyId>:<payload>`, payload = base64url(iv ‖ ciphertext ‖ tag). */
const SEALED = /^pii1:((?:person|client):[^:]+):([0-9a-f]{16}):([A-Za-z0-9_-]+)$/;

export interface SealedRef {
  readonly subject: string;
  readonly keyId: string;
  readonly payload: string;
}

export const sealedValue = (ref: SealedRef): string => `pii1:${ref.subject}:${ref.keyId}:${ref.payload}`;

export function parseSealed(value: string): SealedRef | undefined {
  const match = SEALED.exec(value);
  return match ? { subject: match[1]!, keyId: match[2]!, payload: match[3]! } : undefined;
}

/** The associated data a sealed value's encryption is bound to: moving it to another subject or key fails to open. */
export const sealedContext = (subject: string, keyId: string) => `pii1:${subject}:${keyId}`;

type Path = readonly string[];
export interface PersonalValue {
  readonly path: Path;
  readonly subject: string;
}

type EventLike = Pick<StoredEvent, 'type' | 'data' | 'meta' | 'projectId'>;

const accountFields = ['email', 'firstName', 'lastName', 'companyName', 'phone'];
const projectClientFields = ['clientName', 'clientEmail', 'clientPhone'];

/** The personal values of an event, by where they sit in it (`['data', 'email']`) and whose they are. */
export function personalValues(event: EventLike): PersonalValue[] {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const values: PersonalValue[] = [];
  const actor = event.meta.role === 'system' ? undefined : personSubject(event.meta.actorId);
  if (actor) values.push({ path: ['meta', 'displayName'], subject: actor });
  const changes = (subject: string, fields?: readonly string[]) => {
    for (const field of Object.keys((data.changes ?? {}) as object)) {
      if (fields && !fields.includes(field)) continue;
      values.push({ path: ['data', 'changes', field, 'from'], subject }, { path: ['data', 'changes', field, 'to'], subject });
    }
  };
  const owner = typeof data.userId === 'string' ? personSubject(data.userId) : undefined;
  const client = event.projectId ? projectClientSubject(event.projectId) : undefined;
  switch (event.type) {
    case 'UserRegistered':
      if (owner) values.push(...accountFields.map((field) => ({ path: ['data', field], subject: owner })));
      break;
    case 'ProfileUpdated':
      if (owner) changes(owner);
      break;
    case 'EmailVerificationRequested':
    case 'EmailVerified':
    case 'AccountDeleted':
      if (owner) values.push({ path: ['data', 'email'], subject: owner });
      break;
    case 'SessionsEnded':
      if (owner) values.push({ path: ['data', 'emailRestored'], subject: owner });
      break;
    case 'MessagePosted':
      if (actor) values.push({ path: ['data', 'senderName'], subject: actor });
      break;
    // Issue 30: the name the client typed to sign a change order is theirs (the document signed holds no one's name).
    case 'ChangeOrderSigned':
      if (actor) values.push({ path: ['data', 'fullName'], subject: actor });
      break;
    case 'ProjectCreated':
      if (client) values.push(...projectClientFields.map((field) => ({ path: ['data', field], subject: client })));
      break;
    case 'ProjectUpdated':
      if (client) changes(client, projectClientFields);
      break;
    case 'ClientInvited':
      if (client) values.push({ path: ['data', 'email'], subject: client });
      break;
  }
  return values;
}

/** The event with each personal string value (a null stays null) replaced by `seal(value, subject)`. */
export function sealEvent<E extends EventLike>(event: E, seal: (value: string, subject: string) => string): E {
  const sealed = structuredClone(event);
  for (const { path, subject } of personalValues(event)) {
    const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), sealed);
    const key = path.at(-1)!;
    if (!parent || typeof parent !== 'object') continue;
    const value = (parent as Record<string, unknown>)[key];
    if (typeof value === 'string' && !parseSealed(value)) (parent as Record<string, unknown>)[key] = seal(value, subject);
  }
  return sealed;
}

/** Every sealed value anywhere in the event's data and meta (whatever the event's schema version). */
export function sealedRefsOf(event: Pick<StoredEvent, 'data' | 'meta'>): SealedRef[] {
  const refs: SealedRef[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') {
      const ref = node.startsWith('pii1:') ? parseSealed(node) : undefined;
      if (ref) refs.push(ref);
    } else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(event.data);
  walk(event.meta);
  return refs;
}

/**
 * The event with every sealed value replaced by `open(ref)` (the plain value, or ERASED when its
 * key is gone). What holds no sealed value is the same object as before (copies only along the
 * way to a changed value, made by spreading, so replays keep fast object shapes).
 */
export function openEvent<E extends Pick<StoredEvent, 'data' | 'meta'>>(event: E, open: (ref: SealedRef) => string): E {
  const replace = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const ref = node.startsWith('pii1:') ? parseSealed(node) : undefined;
      return ref ? open(ref) : node;
    }
    if (Array.isArray(node)) {
      let copy: unknown[] | undefined;
      node.forEach((value, i) => {
        const replaced = replace(value);
        if (replaced !== value) (copy ??= [...node])[i] = replaced;
      });
      return copy ?? node;
    }
    if (node && typeof node === 'object') {
      let copy: Record<string, unknown> | undefined;
      for (const [key, value] of Object.entries(node)) {
        const replaced = replace(value);
        if (replaced !== value) (copy ??= { ...node })[key] = replaced;
      }
      return copy ?? node;
    }
    return node;
  };
  const data = replace(event.data);
  const meta = replace(event.meta) as E['meta'];
  return data === event.data && meta === event.meta ? event : { ...event, data, meta };
}
