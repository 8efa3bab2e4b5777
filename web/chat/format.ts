import type { Reader } from '../../events/chat/events';
import type { ActorRole } from '../../events/envelope';
import type { ChatMessage, HistoryEntry } from '../../contract/chat';
import { readFlag } from './api';

/** The chat's and the history's pure rules: time labels, unread counts, the history's seen mark. */

/** Who made a message or a change: a contractor, a client, or the app itself (an action it records, such as assigning a client). */
export const roleLabels: Record<ActorRole, string> = { contractor: 'Contractor', client: 'Client', system: 'System' };

/** Spec section 2: chat timestamps in en-US short month, day, hour and minute ('Nov 21, 3:05 PM'). */
const messageTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
export const formatMessageTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : messageTimeFormat.format(date);
};

const relativeFormat = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * Spec section 2: the history's relative times, with a suffix ('5 minutes ago', 'in 2 hours').
 * Under a minute either way reads 'less than a minute ago' (a clock a little ahead is not 'in 0 minutes').
 */
export function relativeTime(iso: string, now: number): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  if (Number.isNaN(seconds)) return iso;
  if (Math.abs(seconds) < 60) return 'less than a minute ago';
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit);
  }
  return relativeFormat.format(Math.trunc(seconds / 60), 'minute');
}

/** The chat messages from the other side that this role has not read yet (activity entries aside). */
export const unreadMessageCount = (messages: readonly ChatMessage[], role: Reader): number =>
  messages.filter((message) => message.messageType === 'chat' && message.senderType !== role && !message[readFlag(role)]).length;

/** The other side's messages this role has not read (what opening the chat marks read: one's own get no receipt). */
export const unreadForRole = (messages: readonly ChatMessage[], role: Reader): ChatMessage[] =>
  messages.filter((message) => message.senderType !== role && !message[readFlag(role)]);

/** Without a seen mark, entries by others from the last 24 hours count as new. */
export const UNSEEN_WINDOW_MS = 24 * 3600 * 1000;

/**
 * The history entries by the other side that are newer than the user's last look at the
 * history (`seenAt`, ISO), or, before any look, from the last 24 hours.
 */
export function unseenHistoryCount(entries: readonly HistoryEntry[], role: Reader, seenAt: string | null, now: number): number {
  const since = seenAt ? Date.parse(seenAt) : now - UNSEEN_WINDOW_MS;
  return entries.filter((entry) => entry.userType !== role && Date.parse(entry.createdAt) > since).length;
}

/**
 * The mark to keep after looking at the history: the newest entry's time, on the server's clock
 * (a browser clock ahead of it cannot hide later entries), never earlier than the mark before.
 * With no entries there is nothing to mark: null.
 */
export function seenMark(entries: readonly HistoryEntry[], previous: string | null): string | null {
  const newest = Math.max(previous ? Date.parse(previous) : 0, ...entries.map((entry) => Date.parse(entry.createdAt) || 0));
  return newest > 0 ? new Date(newest).toISOString() : null;
}

/** Where the seen mark of a project's history is kept in local storage. */
export const historySeenKey = (projectId: string) => `history-seen:${projectId}`;
