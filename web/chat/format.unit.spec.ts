import { describe, expect, it } from 'vitest';
import type { ChatMessage, HistoryEntry } from '../../contract/chat';
import { formatMessageTime, relativeTime, seenMark, unreadForRole, unreadMessageCount, unseenHistoryCount } from './format';

const now = Date.parse('2026-11-21T15:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'm',
  projectId: 'p',
  senderType: 'contractor',
  senderName: 'Casey Builder',
  message: 'hello',
  messageType: 'chat',
  roomId: null,
  timestamp: ago(0),
  readByContractor: false,
  readByClient: false,
  ...over,
});

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'h',
  projectId: 'p',
  eventType: 'ItemFlagSet',
  action: 'Marked as installed (client)',
  details: null,
  itemName: 'Countertops',
  roomName: 'Kitchen',
  summary: 'Marked as installed (client) "Countertops" in Kitchen',
  userName: 'Chris Owner',
  userType: 'client',
  createdAt: ago(0),
  ...over,
});

describe('chat times', () => {
  it('shows en-US short month, day, hour and minute', () => {
    expect(formatMessageTime('2026-11-21T15:05:00.000Z')).toMatch(/^Nov 2[01], \d{1,2}:05\s[AP]M$/);
  });

  it('gives history times relative to now, with a suffix', () => {
    expect(relativeTime(ago(20_000), now)).toBe('less than a minute ago');
    expect(relativeTime(ago(-20_000), now)).toBe('less than a minute ago');
    expect(relativeTime(ago(minute), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * minute + 40_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * hour), now)).toBe('3 hours ago');
    expect(relativeTime(ago(2 * 24 * hour), now)).toBe('2 days ago');
    expect(relativeTime(ago(-2 * hour), now)).toBe('in 2 hours');
  });
});

describe('unread chat messages', () => {
  const messages = [
    message({ id: 'a', senderType: 'client', readByClient: true }),
    message({ id: 'b', senderType: 'client' }),
    message({ id: 'c', senderType: 'contractor' }),
    message({ id: 'd', senderType: 'client', messageType: 'action' }),
    message({ id: 'e', senderType: 'client', readByContractor: true }),
  ];

  it('counts the other side’s chat messages this role has not read', () => {
    expect(unreadMessageCount(messages, 'contractor')).toBe(2);
    expect(unreadMessageCount(messages, 'client')).toBe(1);
  });

  it("marks read the other side's messages this role has not read, never one's own", () => {
    expect(unreadForRole(messages, 'contractor').map((m) => m.id)).toEqual(['a', 'b', 'd']);
    expect(unreadForRole(messages, 'client').map((m) => m.id)).toEqual(['c']);
  });
});

describe('unseen history', () => {
  const entries = [
    entry({ id: '4', createdAt: ago(5 * minute) }),
    entry({ id: '3', createdAt: ago(10 * minute), userType: 'contractor', userName: 'Casey Builder' }),
    entry({ id: '2', createdAt: ago(2 * hour) }),
    entry({ id: '1', createdAt: ago(30 * hour) }),
  ];

  it('counts entries by the other side from the last 24 hours before any look', () => {
    expect(unseenHistoryCount(entries, 'contractor', null, now)).toBe(2);
    expect(unseenHistoryCount(entries, 'client', null, now)).toBe(1);
  });

  it('counts entries by the other side newer than the last look', () => {
    expect(unseenHistoryCount(entries, 'contractor', ago(hour), now)).toBe(1);
    expect(unseenHistoryCount(entries, 'contractor', ago(5 * minute), now)).toBe(0);
  });

  it('keeps the newest entry’s time as the mark, never going back, and none without entries', () => {
    expect(seenMark(entries, null)).toBe(ago(5 * minute));
    expect(seenMark(entries, ago(minute))).toBe(ago(minute));
    expect(seenMark([], null)).toBeNull();
  });
});
