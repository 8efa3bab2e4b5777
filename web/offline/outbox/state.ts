import { useSyncExternalStore } from 'react';
import type { OutboxCommand } from './command';
import type { Conflict } from './conflict';

/**
 * The outbox as this tab knows it: its commands in order (a mirror of IndexedDB), the conflicts
 * waiting for a decision, the replay under way (in this tab or another) and whether the server
 * was reached last time. Components read it with `useOutbox`.
 */
export interface OutboxSnapshot {
  readonly loaded: boolean;
  readonly commands: readonly OutboxCommand[];
  readonly conflicts: readonly Conflict[];
  /** A replay under way: how many commands it has settled and how many it has to. */
  readonly run: { readonly done: number; readonly total: number } | null;
  /** False from a network failure until the next answer: the server is out of reach even if the device says it is online. */
  readonly reachable: boolean;
  /** The signed-in account (its commands are the ones shown and sent). */
  readonly userId: string | null;
}

let snapshot: OutboxSnapshot = { loaded: false, commands: [], conflicts: [], run: null, reachable: true, userId: null };
const listeners = new Set<() => void>();

export const outboxSnapshot = (): OutboxSnapshot => snapshot;

export function updateOutbox(change: Partial<OutboxSnapshot> | ((now: OutboxSnapshot) => Partial<OutboxSnapshot>)): void {
  snapshot = { ...snapshot, ...(typeof change === 'function' ? change(snapshot) : change) };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A part of the outbox's state, re-read when it changes (`pick` should answer a stored value or a primitive). */
export function useOutbox<T>(pick: (state: OutboxSnapshot) => T): T {
  const read = () => pick(snapshot);
  return useSyncExternalStore(subscribe, read, read);
}

/** The signed-in account's own commands: another account's wait for its owner to sign in again. */
export const ownCommands = (state: OutboxSnapshot): readonly OutboxCommand[] => state.commands.filter((command) => command.userId === state.userId);
