import type { QueryClient } from '@tanstack/react-query';
import { onlineManager } from '@tanstack/react-query';
import type { ChecklistItem, Room } from '../../../contract/projects';
import { ApiError } from '../../api/client';
import { serverMessage } from '../../api/errors';
import { setReadOverlay } from '../../api/read-overlay';
import { toast } from '../../components/toast';
import { refreshAfter, showCommands, takeAnswer, takeItem, takeRoom, withdraw } from './cache';
import type { OutboxCommand } from './command';
import type { Conflict } from './conflict';
import { markEmpty } from './kept-mark';
import { overlayOf, rememberItems } from './reads';
import { sendCommand, type ConflictAnswer } from './send';
import { outboxSnapshot, ownCommands, updateOutbox } from './state';
import { readCommands, readConflicts, removeCommand, removeConflict, writeConflict } from './storage';

/**
 * The replay: the outbox's commands sent in order, by one tab at a time (the Web Locks API), when
 * the app opens, when the device comes back online and when the page becomes visible again (iOS
 * has no Background Sync), and straight away for a change made online. A command the network did
 * not carry stops the replay and stays, tried again later with a growing delay; the server's
 * answer replaces it in the page's cache; a conflict goes to the person's decisions; a refusal is
 * dropped with a toast naming it. Other tabs hear of each step on the BroadcastChannel 'cc-outbox'.
 */

const LOCK = 'cc-outbox-replay';
const CHANNEL = 'cc-outbox';
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;
/** Another tab holds the replay: looked at again after this, in case it stopped just before our change. */
const LOCKED_RETRY_MS = 1000;

/** How a command settled, as it can cross to other tabs (structured clone: an error travels as its parts). */
type Settled =
  | { readonly kind: 'sent'; readonly answer: unknown }
  | { readonly kind: 'conflict'; readonly answer: ConflictAnswer }
  | { readonly kind: 'refused'; readonly status: number; readonly message: string; readonly body: unknown };

type Message =
  | { type: 'changed' }
  | { type: 'run'; run: { done: number; total: number } | null; reachable: boolean }
  | { type: 'settled'; command: OutboxCommand; outcome: Settled };

export type Submitted = { readonly status: 'sent'; readonly answer: unknown } | { readonly status: 'waiting' } | { readonly status: 'conflict' };

interface Waiter {
  resolve: (result: Submitted) => void;
  reject: (error: unknown) => void;
}

let client: QueryClient | undefined;
let channel: BroadcastChannel | undefined;
const waiters = new Map<string, Waiter>();
/**
 * Commands this tab is writing to IndexedDB. A read begun before a write ends does not have its
 * command yet: the tab's list keeps it, or the write's kick would find nothing to send (a room
 * added as the outbox started its read-back hung, unsent, until something else woke the outbox).
 */
const writing = new Map<string, OutboxCommand>();
let draining = false;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

const isOnline = () => onlineManager.isOnline() && navigator.onLine !== false;
const own = () => ownCommands(outboxSnapshot());
const post = (message: Message) => channel?.postMessage(message);

/** Starts the outbox for the signed-in account (once per tab; again after another sign-in): reads it back, shows it, replays it. */
export async function startOutbox(queryClient: QueryClient, userId: string): Promise<void> {
  const first = client === undefined;
  client = queryClient;
  updateOutbox({ userId });
  if (first) {
    setReadOverlay(overlayOf(own));
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(CHANNEL);
      channel.onmessage = (event: MessageEvent<Message>) => void onMessage(event.data);
    }
    window.addEventListener('online', () => kick(true));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') kick(true);
    });
    onlineManager.subscribe((online) => online && kick(true));
  }
  await reload();
  kick(true);
}

/** The commands read from IndexedDB, and those this tab is still writing there. */
function withUnwritten(stored: readonly OutboxCommand[]): OutboxCommand[] {
  const read = new Set(stored.map((command) => command.id));
  return [...stored, ...[...writing.values()].filter((command) => !read.has(command.id))];
}

/** The outbox as IndexedDB has it now (another tab may have changed it), shown on the page. */
async function reload(): Promise<void> {
  const [stored, conflicts] = await Promise.all([readCommands(), readConflicts()]);
  const commands = withUnwritten(stored);
  // Read back empty, and nothing kept in this tab meanwhile: the next visit need not fetch the machinery first (kept-mark.ts).
  if (commands.length === 0 && conflicts.length === 0 && outboxSnapshot().commands.length === 0) markEmpty();
  updateOutbox({ loaded: true, commands, conflicts });
  if (client) showCommands(client, own());
}

/**
 * Keeps a command and shows it; online it is sent at once. Answers once the server has it, or
 * once it waits for the network; `wait: false` answers once it is kept (its refusal, if any, is
 * then the outbox's toast).
 */
export function enqueue(command: OutboxCommand, write: (command: OutboxCommand) => Promise<void>, { wait = true } = {}): Promise<Submitted> {
  const result = new Promise<Submitted>((resolve, reject) => waiters.set(command.id, { resolve, reject }));
  updateOutbox((state) => ({ commands: [...state.commands, command] }));
  // A chat message sent online shows once the server has it, as it always did; one that must wait shows at once ('Sending…').
  const shownLater = command.route === 'postChat' && isOnline();
  if (client && !shownLater) showCommands(client, [command]);
  writing.set(command.id, command);
  void write(command).then(
    () => {
      writing.delete(command.id);
      post({ type: 'changed' });
      if (!wait) settleWaiter(command.id, { status: 'waiting' });
      if (isOnline()) kick(false);
      else settleWaiter(command.id, { status: 'waiting' });
    },
    (error: unknown) => {
      writing.delete(command.id);
      // IndexedDB refused (storage full, private mode): said at once, and nothing shown that is not kept.
      updateOutbox((state) => ({ commands: state.commands.filter((entry) => entry.id !== command.id) }));
      if (client) withdraw(client, command);
      waiters.get(command.id)?.reject(error);
      waiters.delete(command.id);
    },
  );
  return result;
}

function settleWaiter(id: string, result: Submitted) {
  waiters.get(id)?.resolve(result);
  waiters.delete(id);
}

/** Every change waiting for the network: their senders stop waiting, and the page shows them all (a chat message sent online included). */
function releaseWaiters() {
  for (const [id] of waiters) settleWaiter(id, { status: 'waiting' });
  if (client) showCommands(client, own());
}

/** Starts a replay if this tab can (online, signed in, something to send, nobody else replaying). */
export function kick(fresh: boolean): void {
  if (!client) return;
  if (fresh) failures = 0;
  if (draining) {
    again = true;
    return;
  }
  if (own().length === 0) return;
  if (!isOnline()) {
    releaseWaiters();
    return;
  }
  clearTimeout(retryTimer);
  retryTimer = undefined;
  if (!navigator.locks) {
    void drain();
    return;
  }
  void navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) {
      retryTimer = setTimeout(() => kick(false), LOCKED_RETRY_MS);
      return;
    }
    await drain();
  });
}

async function drain(): Promise<void> {
  draining = true;
  again = false;
  const settled: OutboxCommand[] = [];
  let stopped = false;
  try {
    while (true) {
      const userId = outboxSnapshot().userId;
      // Read afresh: another tab may have added (or, before this tab took the lock, sent) commands.
      // Only what is stored is sent (removed once sent, a command still being written would come back).
      const commands = await readCommands();
      updateOutbox({ commands: withUnwritten(commands) });
      const mine = commands.filter((command) => command.userId === userId);
      const next = mine[0];
      if (!next) break;
      setRun({ done: settled.length, total: settled.length + mine.length }, true);
      // A photo's steps are fetched with the first photo to upload (most replays have none).
      const outcome = next.photo ? await (await import('./photo-steps')).sendPhoto(next, client!, replaceCommand) : await sendCommand(next);
      if (outcome.kind === 'unsent') {
        stopped = true;
        setRun(null, false);
        releaseWaiters();
        if (!outcome.signedOut) retryLater();
        break;
      }
      failures = 0;
      await removeCommand(next.id);
      const waiting = mine.slice(1);
      updateOutbox((state) => ({ commands: state.commands.filter((command) => command.id !== next.id) }));
      const result: Settled = outcome.kind === 'refused' ? { kind: 'refused', status: outcome.error.status, message: outcome.error.message, body: outcome.error.body } : outcome;
      await settle(next, result, waiting);
      post({ type: 'settled', command: next, outcome: result });
      settled.push(next);
    }
  } finally {
    draining = false;
    if (!stopped) setRun(null, true);
    if (client && settled.length) refreshAfter(client, settled);
    if (again && !stopped) kick(false);
  }
}

function setRun(run: { done: number; total: number } | null, reachable: boolean) {
  updateOutbox({ run, reachable });
  post({ type: 'run', run, reachable });
}

function retryLater() {
  const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures) * (0.5 + Math.random() / 2);
  failures++;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => kick(false), delay);
}

function replaceCommand(command: OutboxCommand) {
  updateOutbox((state) => ({ commands: state.commands.map((entry) => (entry.id === command.id ? command : entry)) }));
}

/** What a settled command does here (the replaying tab) and in every other tab. */
async function settle(command: OutboxCommand, outcome: Settled, waiting: readonly OutboxCommand[], replaying = true) {
  const queryClient = client!;
  switch (outcome.kind) {
    case 'sent':
      if (outcome.answer && typeof outcome.answer === 'object' && 'selectionHash' in outcome.answer) rememberItems([outcome.answer as ChecklistItem]);
      takeAnswer(queryClient, command, outcome.answer, waiting);
      settleWaiter(command.id, { status: 'sent', answer: outcome.answer });
      return;
    case 'conflict':
      if (replaying) await keepConflict(command, outcome.answer);
      if (outcome.answer.item) takeItem(queryClient, outcome.answer.item as unknown as ChecklistItem, waiting);
      if (outcome.answer.room) takeRoom(queryClient, outcome.answer.room as unknown as Room, waiting);
      settleWaiter(command.id, { status: 'conflict' });
      return;
    case 'refused': {
      const { body } = outcome;
      const item = (body as { item?: ChecklistItem } | undefined)?.item;
      withdraw(queryClient, command);
      if (item && typeof item === 'object' && 'roomId' in item) takeItem(queryClient, item, waiting);
      const error = new ApiError(outcome.status, outcome.message, body);
      const waiter = waiters.get(command.id);
      if (waiter) {
        waiters.delete(command.id);
        waiter.reject(error);
      } else if (replaying) {
        toast({ variant: 'destructive', title: 'Change not saved', description: `${command.label}: ${serverMessage(error, 'The server refused it.')}` });
      }
    }
  }
}

/**
 * A refused edit kept for the person's decision: one per item or room. A later refused edit of the
 * same thing joins it: its values are 'mine' now, made against the first edit's base (the texts of
 * both kept, whichever fields each changed).
 */
async function keepConflict(command: OutboxCommand, answer: ConflictAnswer) {
  const id = command.itemId ? `item:${command.itemId}` : `room:${command.roomId}`;
  const earlier = outboxSnapshot().conflicts.find((conflict) => conflict.id === id);
  type Body = Record<string, unknown> & { base?: Record<string, unknown> };
  const body = (command.body ?? {}) as Body;
  const earlierBody = (earlier?.command.body ?? {}) as Body;
  const item = answer.item as ChecklistItem | undefined;
  const room = answer.room as Room | undefined;
  const conflict: Conflict = {
    id,
    projectId: command.projectId,
    itemId: command.itemId,
    roomId: command.roomId,
    name: item?.name ?? (room ? (room.customName ?? room.name) : command.label),
    backsplash: item ? item.name.trim().toLowerCase() === 'backsplash' : false,
    command: earlier ? { ...command, body: { ...earlierBody, ...body, base: { ...body.base, ...earlierBody.base } } } : command,
    theirs: { ...earlier?.theirs, ...answer.current },
    version: item?.version,
    at: new Date().toISOString(),
  };
  await writeConflict(conflict);
  updateOutbox((state) => ({ conflicts: [...state.conflicts.filter((entry) => entry.id !== id), conflict] }));
  post({ type: 'changed' });
}

async function onMessage(message: Message) {
  if (!client) return;
  if (message.type === 'changed') await reload();
  else if (message.type === 'run') updateOutbox({ run: message.run, reachable: message.reachable });
  else {
    updateOutbox((state) => ({ commands: state.commands.filter((command) => command.id !== message.command.id) }));
    await settle(message.command, message.outcome, own(), false);
    refreshAfter(client, [message.command]);
  }
}

/** A decided conflict leaves the list (unless a newer refusal of the same thing replaced it meanwhile). */
export async function forgetConflict(conflict: Conflict): Promise<void> {
  const stored = (await readConflicts()).find((entry) => entry.id === conflict.id);
  if (stored && stored.at === conflict.at) await removeConflict(conflict.id);
  updateOutbox((state) => ({ conflicts: state.conflicts.filter((entry) => entry.id !== conflict.id || entry.at !== conflict.at) }));
  post({ type: 'changed' });
}
