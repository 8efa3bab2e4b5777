import canonicalize from 'canonicalize';
import type { ActorRole, StoredEvent } from './envelope';

/**
 * For auditors: a stream's history event by event (who, when, what changed, before → after),
 * and the state as of any version or time, both by folding the events.
 */

export interface FieldChange {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

export interface AuditEntry {
  readonly version: number;
  readonly at: string;
  readonly actorId: string;
  readonly actor: string;
  readonly role: ActorRole;
  readonly event: string;
  readonly changes: readonly FieldChange[];
  /** When the person made it, by their device's clock, if it said (field mode: the change may reach the server later). */
  readonly deviceTime?: string;
}

const same = (a: unknown, b: unknown) => canonicalize(a ?? null) === canonicalize(b ?? null);

/**
 * Each event with the fields it changed. `view` shows a state as the fields an auditor reads
 * (e.g. the API's item shape; nothing while it does not exist); by default the state itself.
 */
export function auditTrail<S extends object, E extends StoredEvent = StoredEvent>(
  events: readonly E[],
  initial: S,
  evolve: (state: S, event: E) => S,
  view: (state: S) => object = (state) => state,
): AuditEntry[] {
  let state = initial;
  return events.map((event) => {
    const after = evolve(state, event);
    const [was, is] = [view(state) as Record<string, unknown>, view(after) as Record<string, unknown>];
    const fields = new Set([...Object.keys(was), ...Object.keys(is)]);
    const changes = [...fields].filter((field) => !same(was[field], is[field])).map((field) => ({ field, before: was[field] ?? null, after: is[field] ?? null }));
    state = after;
    const { deviceTime } = event.meta;
    return { version: event.version, at: event.meta.at, actorId: event.meta.actorId, actor: event.meta.displayName, role: event.meta.role, event: event.type, changes, ...(deviceTime ? { deviceTime } : {}) };
  });
}

/** The state as it was at a version, or at a moment (every event up to and including it). */
export function stateAt<S, E extends StoredEvent = StoredEvent>(events: readonly E[], initial: S, evolve: (state: S, event: E) => S, point: { version?: number; time?: string }): S {
  const until = events.filter(
    (event) => (point.version === undefined || event.version <= point.version) && (point.time === undefined || event.meta.at <= point.time),
  );
  return until.reduce(evolve, initial);
}
