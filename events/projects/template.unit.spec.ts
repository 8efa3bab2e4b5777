import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { cabinetDetailsSchema, itemAdded, projectCreated, roomAdded, type ItemEvent, type ProjectEvent } from './events';
import { decideItem, evolveItem, initialItemState } from './item';
import { isComplete } from './model';
import { sectionsFor } from './model';
import type { Actor } from '../decider';
import { decideProject, evolveProject, initialProjectState } from './project';
import { displayName } from './room-naming';
import { newProjectTemplate, sectionItemName, starterItems } from './template';

/** The new-project template: its shape, its fit with each room's sections, and the events it turns into. */

const contractor: Actor = { userId: 'contractor-1', role: 'contractor' };
const roomOf = (type: string) => newProjectTemplate.find((room) => room.type === type);

describe('new project template', () => {
  it('given the template, then it has exactly one whole_home room, shown as Interior', () => {
    const homes = newProjectTemplate.filter((room) => room.type === 'whole_home');
    expect(homes).toHaveLength(1);
    expect(homes[0]).toMatchObject({ name: 'Whole Home', customName: null });
    expect(displayName(homes[0]!)).toBe('Interior');
  });

  it('given the template, then it has the typical rooms, named as the numbering rules would name them', () => {
    expect(newProjectTemplate.map((room) => [room.type, room.name, room.customName])).toEqual([
      ['whole_home', 'Whole Home', null],
      ['kitchen', 'Kitchen', null],
      ['living_room', 'Living Room', null],
      ['dining_room', 'Dining Room', null],
      ['bedroom', 'Bedroom', 'Bedroom 1'],
      ['bathroom', 'Bathroom', 'Bathroom 1'],
      ['laundry', 'Laundry Room', null],
      ['exterior', 'Exterior', null],
    ]);
  });

  it("given a room type, then its starter items are the template room's of that type (one room per type); a type the template lacks starts empty", () => {
    const types = newProjectTemplate.map((room) => room.type);
    expect(new Set(types).size).toBe(types.length);
    expect(starterItems('bedroom').map((item) => item.name)).toEqual(['Wall Paint Color', 'Closet Shelving', 'Carpet', 'Ceiling Light']);
    for (const type of ['bathroom', 'kitchen', 'laundry'] as const) expect(starterItems(type)).toBe(roomOf(type)!.items);
    expect(starterItems('study')).toEqual([]);
  });

  it('given each room, then it has 2 to 6 items, and the template about 35 in all', () => {
    for (const room of newProjectTemplate) {
      expect(room.items.length, room.name).toBeGreaterThanOrEqual(2);
      expect(room.items.length, room.name).toBeLessThanOrEqual(6);
    }
    const total = newProjectTemplate.reduce((sum, room) => sum + room.items.length, 0);
    expect(total).toBeGreaterThanOrEqual(30);
    expect(total).toBeLessThanOrEqual(40);
  });

  it.each(newProjectTemplate.map((room) => [room.type, room] as const))('given the %s room, then every item is in a category its sections show', (type, room) => {
    const allowed = new Set(sectionsFor(type).flatMap((section) => section.categories));
    for (const item of room.items) expect(allowed.has(item.category), `${room.name}: ${item.name} (${item.category})`).toBe(true);
  });

  it('given each room, then it has standard and specific items, and item names are unique (any case)', () => {
    for (const room of newProjectTemplate) {
      const names = room.items.map((item) => item.name.trim().toLowerCase());
      expect(new Set(names).size, room.name).toBe(names.length);
      expect(names.every(Boolean), room.name).toBe(true);
      expect(room.items.some((item) => item.category === 'standard'), room.name).toBe(true);
      expect(room.items.some((item) => item.category === 'specific'), room.name).toBe(true);
    }
  });

  it('given the kitchen, then its cabinets are a cabinet item with empty, unfinished Style, Wood, Color and Pulls', () => {
    const cabinets = roomOf('kitchen')!.items.filter((item) => item.itemType === 'cabinet');
    expect(cabinets).toHaveLength(1);
    expect(cabinets[0]!.category).toBe('specific');
    expect(cabinets[0]!.cabinetDetails).toMatchObject({
      style: '',
      wood: '',
      color: '',
      pulls: '',
      styleCompleted: false,
      woodCompleted: false,
      colorCompleted: false,
      pullsCompleted: false,
    });
    expect(cabinetDetailsSchema.safeParse(cabinets[0]!.cabinetDetails).success).toBe(true);
  });

  it('given the kitchen, then it has a Backsplash whose details are JSON with empty tile and grout', () => {
    const backsplash = roomOf('kitchen')!.items.find((item) => item.name === 'Backsplash');
    expect(backsplash?.category).toBe('specific');
    expect(JSON.parse(backsplash!.details!)).toEqual({ tile: '', grout: '' });
  });

  it('given the kitchen, then its sink and faucet are plumbing fixtures', () => {
    const plumbing = roomOf('kitchen')!.items.filter((item) => item.category === 'plumbing_fixtures').map((item) => item.name);
    expect(plumbing.some((name) => /sink/i.test(name))).toBe(true);
    expect(plumbing.some((name) => /faucet/i.test(name))).toBe(true);
  });

  it('given the bathroom, then it has a vanity item in Vanities, a sink, and shower and toilet fixtures', () => {
    const bathroom = roomOf('bathroom')!;
    expect(bathroom.items.find((item) => item.category === 'vanities')?.itemType).toBe('vanity');
    expect(bathroom.items.some((item) => item.category === 'sinks')).toBe(true);
    const plumbing = bathroom.items.filter((item) => item.category === 'plumbing_fixtures').map((item) => item.name);
    expect(plumbing.some((name) => /shower/i.test(name))).toBe(true);
    expect(plumbing.some((name) => /toilet/i.test(name))).toBe(true);
  });

  it('given the exterior, then it has door styles and a Door Knobs item', () => {
    const exterior = roomOf('exterior')!;
    expect(exterior.items.some((item) => item.category === 'door_styles')).toBe(true);
    expect(exterior.items.filter((item) => item.category === 'door_knobs').map((item) => item.name)).toEqual(['Door Knobs']);
  });

  it('given only cabinet items carry cabinet details, then no other item has them', () => {
    for (const room of newProjectTemplate)
      for (const item of room.items) if (item.cabinetDetails) expect(item.itemType, item.name).toBe('cabinet');
  });
});

describe('the events a new project makes from the template', () => {
  it('given the template, when a contractor creates a project and its items, then every event passes the event catalogue schemas', () => {
    const rooms = newProjectTemplate.map((room, i) => ({ roomId: `room-${i}`, type: room.type, name: room.name, customName: room.customName }));
    const projectEvents: ProjectEvent[] = decideProject(
      {
        type: 'create',
        projectId: 'p1',
        details: { name: 'Maple Street', address: '12 Maple Street', clientName: 'Jordan Lee', clientEmail: null, clientPhone: null, status: 'active', contractorNotes: null, startDate: null, targetCompletionDate: null },
        rooms,
      },
      initialProjectState,
      contractor,
    );
    expect(projectEvents).toHaveLength(1 + newProjectTemplate.length);
    expect(() => projectCreated.schema.parse(projectEvents[0]!.data)).not.toThrow();
    for (const event of projectEvents.slice(1)) {
      expect(event.type).toBe('RoomAdded');
      expect(() => roomAdded.schema.parse(event.data)).not.toThrow();
    }
    expect(fold(evolveProject, initialProjectState, projectEvents).rooms).toEqual(rooms);

    const itemEvents: ItemEvent[] = newProjectTemplate.flatMap((room, r) =>
      room.items.flatMap((item, order) =>
        decideItem(
          {
            type: 'add',
            itemId: `item-${r}-${order}`,
            roomId: `room-${r}`,
            category: item.category,
            name: item.name,
            itemType: item.itemType ?? 'single',
            details: item.details ?? '',
            order,
            cabinetDetails: item.cabinetDetails ?? null,
          },
          initialItemState,
          contractor,
        ),
      ),
    );
    expect(itemEvents).toHaveLength(newProjectTemplate.reduce((sum, room) => sum + room.items.length, 0));
    for (const event of itemEvents) {
      expect(event.type).toBe('ItemAdded');
      expect(() => itemAdded.schema.parse(event.data)).not.toThrow();
      const state = evolveItem(initialItemState, event);
      expect([state.selected, state.purchased, state.installed, isComplete(state)]).toEqual([false, false, false, false]);
    }
  });
});

describe('naming an item added from a section (spec 2)', () => {
  it('given no item from the section, when adding, then it is "{title} 1"', () => {
    expect(sectionItemName('Special Features', [])).toBe('Special Features 1');
    expect(sectionItemName('Special Features', ['Wall Paint Color', 'Special Flooring 4'])).toBe('Special Features 1');
  });

  it('given "{title} 1", when adding, then it is "{title} 2"', () => {
    expect(sectionItemName('Special Features', ['Special Features 1'])).toBe('Special Features 2');
  });

  it('given a gap and mixed case, when adding, then it follows the highest number', () => {
    expect(sectionItemName('Light Fixtures', ['Light Fixtures 1', 'light fixtures 4', 'Ceiling Fan'])).toBe('Light Fixtures 5');
  });

  it('given names that only start like the title, when adding, then they do not count', () => {
    expect(sectionItemName('Sinks', ['Sinks 2b', 'Sinks2', 'Vanity Sinks 7', 'Sinks'])).toBe('Sinks 1');
  });

  it('given a title with regular-expression characters, when adding, then it is matched literally', () => {
    expect(sectionItemName('Doors (Interior)', ['Doors (Interior) 2', 'Doors Interior 9'])).toBe('Doors (Interior) 3');
  });
});
