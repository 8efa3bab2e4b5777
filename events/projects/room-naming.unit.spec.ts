import { describe, expect, it } from 'vitest';
import type { RoomType } from './model';
import { compareRooms, displayName, nameNewRoom, nextRoomNumber, suggestedRename, type NamedRoom } from './room-naming';

/** Room numbering, display names, rename suggestions and sorting (spec sections 2, 4 and 5). */

const room = (type: RoomType, name: string, customName: string | null = null): NamedRoom => ({ type, name, customName });
const bedroom = (n: number) => room('bedroom', 'Bedroom', `Bedroom ${n}`);

describe('next room number (spec 5: one more than the highest trailing number of that type, or 1)', () => {
  it('given no room of the type, when numbering, then it is 1', () => {
    expect(nextRoomNumber('bedroom', [])).toBe(1);
    expect(nextRoomNumber('bedroom', [room('kitchen', 'Kitchen'), room('bathroom', 'Bathroom', 'Bathroom 3')])).toBe(1);
  });

  it('given Bedroom 1 and Bedroom 4 (a gap), when numbering, then it is 5, not 2 or 3', () => {
    expect(nextRoomNumber('bedroom', [bedroom(1), bedroom(4)])).toBe(5);
  });

  it('given names in any case, when numbering, then they count (case-insensitive)', () => {
    expect(nextRoomNumber('bedroom', [room('bedroom', 'Bedroom', 'bedroom 2'), room('bedroom', 'Bedroom', 'BEDROOM 7')])).toBe(8);
    expect(nextRoomNumber('laundry', [room('laundry', 'Laundry Room', 'laundry room 2')])).toBe(3);
  });

  it('given numbered rooms of other types, when numbering, then only rooms of the same type count', () => {
    expect(nextRoomNumber('bathroom', [bedroom(9), room('bathroom', 'Bathroom', 'Bathroom 2')])).toBe(3);
  });

  it('given names that are not "label, space, digits", when numbering, then they do not count', () => {
    const rooms = [
      room('bedroom', 'Bedroom', 'Guest Bedroom 9'),
      room('bedroom', 'Bedroom', 'Bedroom9'),
      room('bedroom', 'Bedroom', 'Bedroom 2a'),
      room('bedroom', 'Bedroom', 'Primary'),
    ];
    expect(nextRoomNumber('bedroom', rooms)).toBe(1);
  });

  it('given the number only in the stored name (no custom name), when numbering, then it counts', () => {
    expect(nextRoomNumber('kitchen', [room('kitchen', 'Kitchen 2')])).toBe(3);
  });
});

describe('naming a new room (spec 5)', () => {
  it('given no bedroom, when adding one, then it is called Bedroom 1 (bedrooms and bathrooms are always numbered)', () => {
    expect(nameNewRoom('bedroom', [], {})).toEqual({ name: 'Bedroom', customName: 'Bedroom 1' });
    expect(nameNewRoom('bathroom', [], {})).toEqual({ name: 'Bathroom', customName: 'Bathroom 1' });
  });

  it('given Bedroom 1 and Bedroom 4, when adding a bedroom, then it is Bedroom 5', () => {
    expect(nameNewRoom('bedroom', [bedroom(1), bedroom(4)], {})).toEqual({ name: 'Bedroom', customName: 'Bedroom 5' });
  });

  it('given a name was asked for a bedroom or bathroom, when adding it, then the number rule wins', () => {
    expect(nameNewRoom('bathroom', [room('bathroom', 'Bathroom', 'bathroom 2')], { name: 'Powder Room', customName: 'Powder Room' })).toEqual({
      name: 'Bathroom',
      customName: 'Bathroom 3',
    });
  });

  it('given no kitchen or laundry room, when adding the first, then its custom name is null', () => {
    expect(nameNewRoom('kitchen', [bedroom(1)], {})).toEqual({ name: 'Kitchen', customName: null });
    expect(nameNewRoom('laundry', [], {})).toEqual({ name: 'Laundry Room', customName: null });
  });

  it('given an unnumbered first kitchen, when adding another, then it is Kitchen 1 (no trailing number yet, so the rule gives 1)', () => {
    expect(nameNewRoom('kitchen', [room('kitchen', 'Kitchen')], {})).toEqual({ name: 'Kitchen', customName: 'Kitchen 1' });
    expect(nameNewRoom('laundry', [room('laundry', 'Laundry Room')], {})).toEqual({ name: 'Laundry Room', customName: 'Laundry Room 1' });
  });

  it('given Kitchen and Kitchen 2, when adding a kitchen, then it is Kitchen 3', () => {
    expect(nameNewRoom('kitchen', [room('kitchen', 'Kitchen'), room('kitchen', 'Kitchen', 'Kitchen 2')], {})).toEqual({ name: 'Kitchen', customName: 'Kitchen 3' });
    expect(nameNewRoom('laundry', [room('laundry', 'Laundry Room'), room('laundry', 'Laundry Room', 'LAUNDRY ROOM 4')], {})).toEqual({
      name: 'Laundry Room',
      customName: 'Laundry Room 5',
    });
  });

  it('given other room types, when adding one, then it keeps the asked (trimmed) name, or the label when none is asked', () => {
    expect(nameNewRoom('living_room', [], { name: ' Family Room ', customName: null })).toEqual({ name: 'Family Room', customName: null });
    expect(nameNewRoom('study', [], { name: 'Study', customName: ' Office ' })).toEqual({ name: 'Study', customName: 'Office' });
    expect(nameNewRoom('exterior', [], {})).toEqual({ name: 'Exterior', customName: null });
    expect(nameNewRoom('dining_room', [room('dining_room', 'Dining Room')], { name: '   ', customName: '  ' })).toEqual({ name: 'Dining Room', customName: null });
  });
});

describe('display name (spec 2: Room card)', () => {
  it('given a whole_home room without a custom name, then it shows as Interior', () => {
    expect(displayName(room('whole_home', 'Whole Home'))).toBe('Interior');
  });

  it('given a custom name, then it wins, for whole_home too', () => {
    expect(displayName(room('whole_home', 'Whole Home', 'Main House'))).toBe('Main House');
    expect(displayName(room('kitchen', 'Kitchen', 'Kitchen 2'))).toBe('Kitchen 2');
  });

  it('given no custom name, then other rooms show their name', () => {
    expect(displayName(room('kitchen', 'Kitchen'))).toBe('Kitchen');
  });
});

describe('suggested rename (spec 4: Room rename)', () => {
  it('given a room already named label + number, when renaming, then the box keeps its name', () => {
    const rooms = [bedroom(1), bedroom(4)];
    expect(suggestedRename(bedroom(1), rooms)).toBe('Bedroom 1');
    expect(suggestedRename(room('bedroom', 'Bedroom', 'bedroom 4'), rooms)).toBe('bedroom 4');
  });

  it('given an unnumbered room, when renaming, then it suggests the label and the next number of its type', () => {
    const living = room('living_room', 'Living Room');
    expect(suggestedRename(living, [living])).toBe('Living Room 1');
    expect(suggestedRename(living, [living, room('living_room', 'Living Room', 'Living Room 3'), bedroom(8)])).toBe('Living Room 4');
  });

  it('given the first kitchen beside Kitchen 2, when renaming it, then it suggests Kitchen 3', () => {
    const first = room('kitchen', 'Kitchen');
    expect(suggestedRename(first, [first, room('kitchen', 'Kitchen', 'Kitchen 2')])).toBe('Kitchen 3');
  });

  it('given a name ending in a number after another word, when renaming, then it still suggests label + number', () => {
    const guest = room('bedroom', 'Bedroom', 'Guest Room 2');
    expect(suggestedRename(guest, [guest, bedroom(1)])).toBe('Bedroom 2');
  });
});

describe('sorting rooms (spec 2: unnumbered first, alphabetically, then by trailing number)', () => {
  it('given a mix, when sorting, then unnumbered names come first alphabetically and numbered ones by number (10 after 2)', () => {
    const rooms = [bedroom(10), bedroom(2), room('bedroom', 'Bedroom', 'Primary Suite'), bedroom(1), room('bedroom', 'Bedroom', 'Guest Room')];
    expect([...rooms].sort(compareRooms).map(displayName)).toEqual(['Guest Room', 'Primary Suite', 'Bedroom 1', 'Bedroom 2', 'Bedroom 10']);
  });

  it('given a whole_home room, when sorting, then it sorts by its display name (Interior)', () => {
    const rooms = [room('exterior', 'Exterior'), room('whole_home', 'Whole Home'), room('landscape', 'Landscape')];
    expect([...rooms].sort(compareRooms).map(displayName)).toEqual(['Exterior', 'Interior', 'Landscape']);
  });

  it('given an unnumbered first kitchen and Kitchen 2, when sorting, then the first kitchen comes first', () => {
    const rooms = [room('kitchen', 'Kitchen', 'Kitchen 2'), room('kitchen', 'Kitchen')];
    expect([...rooms].sort(compareRooms).map(displayName)).toEqual(['Kitchen', 'Kitchen 2']);
  });
});
