import { roomLabels, type RoomType } from './model';

/**
 * Room numbering (spec section 5). The next number is one more than the highest number at the end
 * of the names of rooms of that type ("Bedroom 3": label, space, digits; any case), or 1.
 * Bedrooms and bathrooms are always named 'Bedroom N' / 'Bathroom N'; the first kitchen and the
 * first laundry room get no custom name, later ones 'Kitchen N' / 'Laundry Room N'.
 */

export interface NamedRoom {
  readonly type: RoomType;
  readonly name: string;
  readonly customName: string | null;
}

export const displayName = (room: Pick<NamedRoom, 'type' | 'name' | 'customName'>): string =>
  room.customName || (room.type === 'whole_home' ? 'Interior' : room.name);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function nextRoomNumber(type: RoomType, rooms: readonly NamedRoom[]): number {
  const pattern = new RegExp(`^${escape(roomLabels[type])} (\\d+)$`, 'i');
  const numbers = rooms
    .filter((room) => room.type === type)
    .flatMap((room) => [room.customName, room.name])
    .map((name) => (name ? pattern.exec(name.trim()) : null))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]));
  return numbers.length ? Math.max(...numbers) + 1 : 1;
}

/** The name and custom name a new room of this type gets; other types keep what was asked. */
export function nameNewRoom(type: RoomType, rooms: readonly NamedRoom[], asked: { name?: string; customName?: string | null }): { name: string; customName: string | null } {
  const label = roomLabels[type];
  const next = nextRoomNumber(type, rooms);
  switch (type) {
    case 'bedroom':
    case 'bathroom':
      return { name: label, customName: `${label} ${next}` };
    case 'kitchen':
    case 'laundry':
      return { name: label, customName: rooms.some((room) => room.type === type) ? `${label} ${next}` : null };
    default:
      return { name: asked.name?.trim() || label, customName: asked.customName?.trim() || null };
  }
}

/**
 * The name the rename box suggests (spec section 4): the label and the next number, unless the
 * room's name already ends with a number after the label.
 */
export function suggestedRename(room: NamedRoom, rooms: readonly NamedRoom[]): string {
  const label = roomLabels[room.type];
  if (new RegExp(`^${escape(label)} \\d+$`, 'i').test(displayName(room).trim())) return displayName(room);
  return `${label} ${nextRoomNumber(room.type, rooms)}`;
}

/** Sorts rooms by trailing number; unnumbered names first, alphabetically (spec: room groups). */
export function compareRooms(a: NamedRoom, b: NamedRoom): number {
  const number = (room: NamedRoom) => {
    const match = / (\d+)$/.exec(displayName(room));
    return match ? Number(match[1]) : undefined;
  };
  const [na, nb] = [number(a), number(b)];
  if (na === undefined && nb === undefined) return displayName(a).localeCompare(displayName(b));
  if (na === undefined) return -1;
  if (nb === undefined) return 1;
  return na - nb;
}
