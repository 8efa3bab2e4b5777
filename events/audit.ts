import canonicalize from 'canonicalize';
import type { StoredEvent } from './envelope';

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
  readonly actor: string;
  readonly role: string;
  readonly event: string;
  readonly changes: readonly FieldChange[];
}

const same = (a: unknown, b: unknown) => canonicalize(a ?? null) === canonicalize(b ?? null);

/** Each event with the fields of the state it changed. */
export function auditTrail<S extends object>(events: readonly StoredEvent[], initial: S, evolve: (state: S, event: StoredEvent) => S): AuditEntry[] {
  let state = initial;
  return events.map((event) => {
    const after = evolve(state, event);
    const fields = new Set([...Object.keys(state), ...Object.keys(after)]);
    const changes = [...fields]
      .filter((field) => !same((state as Record<string, unknown>)[field], (after as Record<string, unknown>)[field]))
      .map((field) => ({ field, before: (state as Record<string, unknown>)[field] ?? null, after: (after as Record<string, unknown>)[field] ?? null }));
    state = after;
    return { version: event.version, at: event.meta.at, actor: event.meta.displayName, role: event.meta.role, event: event.type, changes };
  });
}

/** The state as it was at a version, or at a moment (every event up to and including it). */
export function stateAt<S>(events: readonly StoredEvent[], initial: S, evolve: (state: S, event: StoredEvent) => S, point: { version?: number; time?: string }): S {
  const until = events.filter(
    (event) => (point.version === undefined || event.version <= point.version) && (point.time === undefined || event.meta.at <= point.time),
  );
  return until.reduce(evolve, initial);
}
