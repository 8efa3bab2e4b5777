import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { OutboxCommand } from './command';
import type { Conflict } from './conflict';
import { markKept } from './kept-mark';

/**
 * Where the outbox lives: IndexedDB (idb-keyval), so it outlasts reloads, closed tabs and
 * restarts. Commands are keyed by their ULID, so reading them back gives their order; conflicts
 * wait in a store of their own until a person decides them. A photo's file is kept in its command
 * as a Blob.
 */

let commandStore: UseStore | undefined;
let conflictStore: UseStore | undefined;
const commands = () => (commandStore ??= createStore('cc-outbox', 'commands'));
const conflicts = () => (conflictStore ??= createStore('cc-outbox-conflicts', 'conflicts'));

export const readCommands = async (): Promise<OutboxCommand[]> => (await entries<string, OutboxCommand>(commands())).map(([, command]) => command);
export const readCommand = (id: string): Promise<OutboxCommand | undefined> => get<OutboxCommand>(id, commands());
export const writeCommand = (command: OutboxCommand): Promise<void> => {
  markKept();
  return set(command.id, command, commands());
};
export const removeCommand = (id: string): Promise<void> => del(id, commands());

export const readConflicts = async (): Promise<Conflict[]> => (await entries<string, Conflict>(conflicts())).map(([, conflict]) => conflict);
export const writeConflict = (conflict: Conflict): Promise<void> => {
  markKept();
  return set(conflict.id, conflict, conflicts());
};
export const removeConflict = (id: string): Promise<void> => del(id, conflicts());
