import type { ItemCategory, RoomType } from './model';
import { compareRooms, type NamedRoom } from './room-naming';

/**
 * How a checklist is laid out and how some item fields are read, shared by the checklist page
 * and the PDF export: room groups, Backsplash and Cabinet details, door counts, which links may
 * be opened.
 */

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
export function groupRooms<R extends NamedRoom>(rooms: readonly R[]): { group: RoomGroup; rooms: R[] }[] {
  return roomGroups
    .map((group) => ({ group, rooms: rooms.filter((room) => group.types.includes(room.type)).sort(compareRooms) }))
    .filter(({ rooms: inGroup }) => inGroup.length > 0);
}

export const roomCountLabel = (count: number): string => `${count} ${count === 1 ? 'room' : 'rooms'}`;

export type BadgeTone = 'green' | 'amber' | 'grey';

/** Spec: green when all are complete (and there is at least one), amber when some are, grey otherwise. */
export function badgeTone(completed: number, total: number): BadgeTone {
  if (total > 0 && completed === total) return 'green';
  if (completed > 0) return 'amber';
  return 'grey';
}

/** Backsplash details live as JSON ({"tile","grout"}) in the details text (spec section 3). */
export interface Backsplash {
  tile: string;
  grout: string;
}

export const isBacksplash = (item: { readonly name: string }): boolean => item.name.trim().toLowerCase() === 'backsplash';

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

/** Cabinet Details' four parts (spec section 2), each with text, a completed flag, links and images. */
export const cabinetParts = [
  { key: 'style', label: 'Style' },
  { key: 'wood', label: 'Wood' },
  { key: 'color', label: 'Color' },
  { key: 'pulls', label: 'Pulls' },
] as const;

/** Door knob items keep the passage and locking door counts in their first two reference links. */
export const hasDoorCounts = (item: { readonly category: ItemCategory }): boolean => item.category === 'door_knobs';

export function splitLinks(item: { readonly category: ItemCategory; readonly referenceLinks: readonly string[] }): {
  counts: [string, string] | null;
  links: readonly string[];
} {
  if (!hasDoorCounts(item)) return { counts: null, links: item.referenceLinks };
  const [passage = '', locking = '', ...links] = item.referenceLinks;
  return { counts: [passage, locking], links };
}

/** The one rule for links and images shown (see links.ts). */
export { safeHref, safeImageSrc } from './links';
