import { describe, expect, it } from 'vitest';
import type { RoomType } from '../../events/projects/model';
import { itemFixture, roomFixture } from '../../contract/fixtures';
import type { ChecklistItem, ProjectStats, Room } from '../../contract/projects';
import { unreadLabel } from '../components/unread-badge';
import { retryDelay } from '../live/live-updates';
import {
  backsplashJson,
  badgeTone,
  cleanLinks,
  groupRooms,
  joinLinks,
  safeHref,
  parseBacksplash,
  purchasedTone,
  roomCountLabel,
  roomProgress,
  splitLinks,
  statsAfterToggle,
  withLink,
} from './model';

/** The checklist page's rules (spec sections 2, 5, 6 and 9). */

let ids = 0;
const room = (type: RoomType, name: string, customName: string | null = null): Room => roomFixture({ id: `room-${++ids}`, projectId: 'p', name, type, customName });

const item = (overrides: Partial<ChecklistItem> = {}): ChecklistItem => itemFixture({ id: `item-${++ids}`, roomId: 'r', ...overrides });

describe('room groups', () => {
  it('puts the groups in the spec order, Whole Home collecting exterior, landscape and mechanicals, and bonus rooms last', () => {
    const rooms = [
      room('bedroom', 'Bedroom', 'Bedroom 2'),
      room('bonus_room', 'Bonus Room'),
      room('laundry', 'Laundry Room'),
      room('bedroom', 'Bedroom', 'Bedroom 1'),
      room('mechanicals', 'Mechanicals'),
      room('kitchen', 'Kitchen'),
      room('whole_home', 'Whole Home'),
      room('landscape', 'Landscape'),
      room('study', 'Study'),
      room('bathroom', 'Bathroom', 'Bathroom 1'),
      room('dining_room', 'Dining Room'),
      room('living_room', 'Living Room'),
      room('exterior', 'Exterior'),
    ];
    const groups = groupRooms(rooms);
    expect(groups.map(({ group }) => group.title)).toEqual([
      'Whole Home',
      'Kitchens',
      'Living Rooms',
      'Dining Rooms',
      'Studies',
      'Bathrooms',
      'Bedrooms',
      'Laundry',
      'Bonus Rooms',
    ]);
    // Unnumbered first, alphabetically ('Interior' is the whole-home room's name).
    expect(groups[0]?.rooms.map((entry) => entry.customName ?? entry.name)).toEqual(['Exterior', 'Whole Home', 'Landscape', 'Mechanicals']);
    expect(groups.find(({ group }) => group.key === 'bedroom')?.rooms.map((entry) => entry.customName)).toEqual(['Bedroom 1', 'Bedroom 2']);
  });

  it('sorts by trailing number, unnumbered names first', () => {
    const rooms = [room('kitchen', 'Kitchen', 'Kitchen 10'), room('kitchen', 'Kitchen', 'Kitchen 2'), room('kitchen', 'Kitchen'), room('kitchen', 'Kitchen', 'Chef Kitchen')];
    expect(groupRooms(rooms)[0]?.rooms.map((entry) => entry.customName ?? entry.name)).toEqual(['Chef Kitchen', 'Kitchen', 'Kitchen 2', 'Kitchen 10']);
  });

  it('hides empty groups and counts rooms in words', () => {
    expect(groupRooms([])).toEqual([]);
    expect(roomCountLabel(1)).toBe('1 room');
    expect(roomCountLabel(2)).toBe('2 rooms');
    expect(roomCountLabel(0)).toBe('0 rooms');
  });
});

describe('colours', () => {
  it('shows Purchased green for fixtures, door knobs and mirrors, red otherwise', () => {
    expect(purchasedTone(item({ category: 'light_fixtures' }))).toBe('green');
    expect(purchasedTone(item({ category: 'plumbing_fixtures' }))).toBe('green');
    expect(purchasedTone(item({ category: 'door_knobs' }))).toBe('green');
    expect(purchasedTone(item({ category: 'vanities', name: 'Vanity MIRROR' }))).toBe('green');
    expect(purchasedTone(item({ category: 'standard', name: 'Wall Paint Color' }))).toBe('red');
  });

  it('colours the room badge green when all are complete, amber when some are, grey otherwise', () => {
    expect(badgeTone(3, 3)).toBe('green');
    expect(badgeTone(1, 3)).toBe('amber');
    expect(badgeTone(0, 3)).toBe('grey');
    expect(badgeTone(0, 0)).toBe('grey');
  });

  it('counts a room complete item by item (all three flags)', () => {
    const done = item({ contractorCompleted: true, purchasesMade: true, clientCompleted: true });
    expect(roomProgress([done, item({ contractorCompleted: true, purchasesMade: true })])).toEqual({ completed: 1, total: 2 });
  });
});

describe('optimistic counters', () => {
  const stats: ProjectStats = { completed: 0, total: 4, percentage: 0, contractorCompleted: 1, clientCompleted: 0, contractorPercentage: 25, clientPercentage: 0 };

  it('moves the counters and percentages as one flag changes', () => {
    const before = item({ contractorCompleted: true, purchasesMade: true });
    expect(statsAfterToggle(stats, before, 'installed', true)).toEqual({
      completed: 1,
      total: 4,
      percentage: 25,
      contractorCompleted: 1,
      clientCompleted: 1,
      contractorPercentage: 25,
      clientPercentage: 25,
    });
    expect(statsAfterToggle(stats, item(), 'selected', true)).toMatchObject({ contractorCompleted: 2, contractorPercentage: 50, completed: 0 });
  });

  it('goes back exactly when undone', () => {
    const before = item({ contractorCompleted: true, purchasesMade: true });
    const after = { ...before, clientCompleted: true };
    expect(statsAfterToggle(statsAfterToggle(stats, before, 'installed', true), after, 'installed', false)).toEqual(stats);
  });
});

describe('backsplash details', () => {
  it('reads and writes tile and grout as JSON in the details', () => {
    expect(parseBacksplash('{"tile":"Subway","grout":"Grey"}')).toEqual({ tile: 'Subway', grout: 'Grey' });
    expect(parseBacksplash('')).toEqual({ tile: '', grout: '' });
    expect(parseBacksplash('{"tile":"Subway"}')).toEqual({ tile: 'Subway', grout: '' });
    expect(JSON.parse(backsplashJson({ tile: 'a"b', grout: '' }))).toEqual({ tile: 'a"b', grout: '' });
  });

  it('keeps plain text from before as the tile', () => {
    expect(parseBacksplash('White subway tile')).toEqual({ tile: 'White subway tile', grout: '' });
  });
});

describe('reference links', () => {
  it('adds a link only when it is not blank and not already there', () => {
    expect(withLink([], '  https://a.example ')).toEqual(['https://a.example']);
    expect(withLink(['https://a.example'], 'https://a.example')).toBeNull();
    expect(withLink([], '   ')).toBeNull();
    expect(withLink([], null)).toBeNull();
  });

  it('saves an address typed without its scheme as the https address it opens (the API takes only http(s))', () => {
    expect(withLink([], 'example.com/tile')).toEqual(['https://example.com/tile']);
    expect(withLink(['https://example.com/tile'], 'example.com/tile')).toBeNull();
    expect(withLink([], 'http://a.example')).toEqual(['http://a.example']);
    expect(withLink([], 'javascript:alert(1)')).toEqual(['javascript:alert(1)']);
  });

  it('drops blanks and repeats when saving', () => {
    expect(cleanLinks([' a ', '', 'b', 'a', '  '])).toEqual(['a', 'b']);
  });

  it('keeps the door counts of door knob items in the first two entries', () => {
    const knobs = item({ category: 'door_knobs', referenceLinks: ['6', '2', 'https://k.example'] });
    expect(splitLinks(knobs)).toEqual({ counts: ['6', '2'], links: ['https://k.example'] });
    expect(splitLinks(item({ category: 'door_knobs' }))).toEqual({ counts: ['', ''], links: [] });
    expect(splitLinks(item({ referenceLinks: ['x'] }))).toEqual({ counts: null, links: ['x'] });
    expect(joinLinks(['6', '2'], ['y'])).toEqual(['6', '2', 'y']);
    expect(joinLinks(null, ['y'])).toEqual(['y']);
  });

  it('opens web addresses only (never mail, phone, script or data addresses)', () => {
    expect(safeHref('example.com/tile')).toBe('https://example.com/tile');
    expect(safeHref('example.com:8080/x')).toBe('https://example.com:8080/x');
    expect(safeHref('localhost:3000')).toBe('https://localhost:3000');
    expect(safeHref('http://a.example')).toBe('http://a.example');
    expect(safeHref('mailto:a@b.example')).toBeUndefined();
    expect(safeHref('vbscript:msgbox(1)')).toBeUndefined();
    expect(safeHref('file:///etc/passwd')).toBeUndefined();
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref(' JavaScript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,hi')).toBeUndefined();
    expect(safeHref('  ')).toBeUndefined();
  });
});

describe('header and connection', () => {
  it("shows '9+' above 9 unread", () => {
    expect(unreadLabel(3)).toBe('3');
    expect(unreadLabel(9)).toBe('9');
    expect(unreadLabel(10)).toBe('9+');
  });

  it('reconnects after 1 s, doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});
