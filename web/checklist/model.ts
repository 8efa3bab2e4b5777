import { isComplete } from '../../events/projects/item';
import type { ItemCategory, RoomType } from '../../events/projects/model';
import { compareRooms } from '../../events/projects/room-naming';
import type { ChecklistItem, FlagField, ProjectStats, Room } from './api';

/** The checklist page's pure rules: room groups, colours, counters. */

export interface RoomGroup {
  readonly key: string;
  readonly title: string;
  readonly types: readonly RoomType[];
}

/**
 * Spec section 2: whole_home (it also collects exterior, landscape and mechanicals), kitchen,
 * living_room, dining_room, study, bathroom, bedroom, laundry, landscape. Landscape rooms are
 * collected by Whole Home, so the Landscape group never has rooms of its own; bonus rooms, which
 * the spec leaves out, get a last group so that they are not lost.
 */
export const roomGroups: readonly RoomGroup[] = [
  { key: 'whole_home', title: 'Whole Home', types: ['whole_home', 'exterior', 'landscape', 'mechanicals'] },
  { key: 'kitchen', title: 'Kitchens', types: ['kitchen'] },
  { key: 'living_room', title: 'Living Rooms', types: ['living_room'] },
  { key: 'dining_room', title: 'Dining Rooms', types: ['dining_room'] },
  { key: 'study', title: 'Studies', types: ['study'] },
  { key: 'bathroom', title: 'Bathrooms', types: ['bathroom'] },
  { key: 'bedroom', title: 'Bedrooms', types: ['bedroom'] },
  { key: 'laundry', title: 'Laundry', types: ['laundry'] },
  { key: 'landscape', title: 'Landscape', types: [] },
  { key: 'bonus_room', title: 'Bonus Rooms', types: ['bonus_room'] },
];

/** The groups that have rooms, in order, each sorted by trailing number (unnumbered first, alphabetically). */
export function groupRooms(rooms: readonly Room[]): { group: RoomGroup; rooms: Room[] }[] {
  return roomGroups
    .map((group) => ({ group, rooms: rooms.filter((room) => group.types.includes(room.type)).sort(compareRooms) }))
    .filter(({ rooms: inGroup }) => inGroup.length > 0);
}

export const roomCountLabel = (count: number): string => `${count} ${count === 1 ? 'room' : 'rooms'}`;

/** Spec section 6: Purchased shows green for fixtures, door knobs and mirrors, red otherwise. */
const greenPurchaseCategories: readonly ItemCategory[] = ['light_fixtures', 'plumbing_fixtures', 'door_knobs'];
export const purchasedTone = (item: Pick<ChecklistItem, 'category' | 'name'>): 'green' | 'red' =>
  greenPurchaseCategories.includes(item.category) || /mirror/i.test(item.name) ? 'green' : 'red';

export type BadgeTone = 'green' | 'amber' | 'grey';

/** Spec: green when all are complete (and there is at least one), amber when some are, grey otherwise. */
export function badgeTone(completed: number, total: number): BadgeTone {
  if (total > 0 && completed === total) return 'green';
  if (completed > 0) return 'amber';
  return 'grey';
}

export function roomProgress(items: readonly ChecklistItem[]): { completed: number; total: number } {
  return { completed: items.filter(isComplete).length, total: items.length };
}

const percent = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

/** The project counters after one item's flag changes (the optimistic update of a toggle). */
export function statsAfterToggle(stats: ProjectStats, before: ChecklistItem, field: FlagField, value: boolean): ProjectStats {
  const after = { ...before, [field]: value };
  const step = (was: boolean, is: boolean) => Number(is) - Number(was);
  const completed = stats.completed + step(isComplete(before), isComplete(after));
  const contractorCompleted = stats.contractorCompleted + step(before.contractorCompleted, after.contractorCompleted);
  const clientCompleted = stats.clientCompleted + step(before.clientCompleted, after.clientCompleted);
  return {
    total: stats.total,
    completed,
    contractorCompleted,
    clientCompleted,
    percentage: percent(completed, stats.total),
    contractorPercentage: percent(contractorCompleted, stats.total),
    clientPercentage: percent(clientCompleted, stats.total),
  };
}

/** Backsplash details live as JSON ({"tile","grout"}) in the details text (spec section 3). */
export interface Backsplash {
  tile: string;
  grout: string;
}

export const isBacksplash = (item: Pick<ChecklistItem, 'name'>): boolean => item.name.trim().toLowerCase() === 'backsplash';

export function parseBacksplash(details: string): Backsplash {
  if (!details.trim()) return { tile: '', grout: '' };
  try {
    const parsed: unknown = JSON.parse(details);
    if (typeof parsed === 'object' && parsed !== null) {
      const { tile, grout } = parsed as Record<string, unknown>;
      return { tile: typeof tile === 'string' ? tile : '', grout: typeof grout === 'string' ? grout : '' };
    }
  } catch {
    // Plain text from before the item was a backsplash: kept, as the tile.
  }
  return { tile: details, grout: '' };
}

export const backsplashJson = (value: Backsplash): string => JSON.stringify({ tile: value.tile, grout: value.grout });

/** Door knob items keep the passage and locking door counts in their first two reference links. */
export const hasDoorCounts = (item: Pick<ChecklistItem, 'category'>): boolean => item.category === 'door_knobs';

export function splitLinks(item: Pick<ChecklistItem, 'category' | 'referenceLinks'>): { counts: [string, string] | null; links: string[] } {
  if (!hasDoorCounts(item)) return { counts: null, links: item.referenceLinks };
  const [passage = '', locking = '', ...links] = item.referenceLinks;
  return { counts: [passage, locking], links };
}

export function joinLinks(counts: readonly [string, string] | null, links: readonly string[]): string[] {
  return counts ? [counts[0], counts[1], ...links] : [...links];
}

/**
 * The links as they are saved: trimmed, blanks dropped (the API refuses them), duplicates kept
 * once. Door counts are exempt.
 */
export function cleanLinks(links: readonly string[]): string[] {
  return [...new Set(links.map((link) => link.trim()).filter(Boolean))];
}

/** Spec section 5: a link is added only if non-empty and not already in the list. */
export function withLink(links: readonly string[], text: string | null): string[] | null {
  const link = text?.trim();
  if (!link || links.some((existing) => existing.trim() === link)) return null;
  return [...links, link];
}

/** Spec section 9: the number of unread entries, '9+' above 9. */
export const unreadLabel = (count: number): string => (count > 9 ? '9+' : String(count));

/**
 * An address to open: text without a scheme is taken as a web address; only web, mail and phone
 * addresses are opened (never `javascript:` and the like), anything else gives undefined.
 */
export function linkHref(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  // 'example.com:8080' and 'localhost:3000' are a host and a port, not a scheme.
  const scheme = /^([a-z][a-z0-9+-]*):(?!\d)/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined) return `https://${trimmed.replace(/^\/\//, '')}`;
  return ['http', 'https', 'mailto', 'tel'].includes(scheme) ? trimmed : undefined;
}
