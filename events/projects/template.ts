import type { CabinetDetails } from './events';
import type { ItemCategory, ItemType, RoomType } from './model';

/**
 * The checklist every new project starts with (issue: "A new project starts from a template").
 *
 * HOW TO EDIT
 * - Each room is one block: its type, its name, its custom name (or null), and its items.
 * - Each item is one line: the section it belongs in (category) and its name. Optional:
 *   itemType ('cabinet' or 'vanity'; plain items leave it out), starting details text, and
 *   cabinet details for cabinet items.
 * - A category must be one the room's sections show (see `sectionsFor` in model.ts):
 *     standard           Standard Finishes (every room)
 *     specific           Kitchen Specifics, Bathroom Specifics, ... Room Specifics (every room)
 *     special_flooring   Special Flooring (not whole_home or exterior)
 *     light_fixtures     Light Fixtures (not whole_home or exterior)
 *     plumbing_fixtures  Plumbing Fixtures (kitchen, laundry, bathroom)
 *     vanities, sinks    Vanities, Sinks (bathroom)
 *     door_styles, door_knobs  Door Styles, Door Knobs (exterior)
 *     special_features   Special Features (every room but whole_home)
 * - Item names must be unique within a room. Keep each room to 2 to 6 items and the whole
 *   template to about 35: every item is written to the database when a project is created.
 * - The tests in template.unit.spec.ts check all of this.
 */

export interface TemplateItem {
  readonly category: ItemCategory;
  readonly name: string;
  readonly itemType?: ItemType;
  readonly details?: string;
  readonly cabinetDetails?: CabinetDetails;
}

export interface TemplateRoom {
  readonly type: RoomType;
  readonly name: string;
  readonly customName: string | null;
  readonly items: readonly TemplateItem[];
}

/** A cabinet's four parts (Style, Wood, Color, Pulls), empty and not yet done. */
const emptyCabinetDetails: CabinetDetails = {
  style: '',
  wood: '',
  color: '',
  pulls: '',
  styleCompleted: false,
  woodCompleted: false,
  colorCompleted: false,
  pullsCompleted: false,
};

/** Backsplash details are kept as JSON with tile and grout inside the details text (spec section 3). */
const emptyBacksplashDetails = '{"tile":"","grout":""}';

export const newProjectTemplate: readonly TemplateRoom[] = [
  {
    type: 'whole_home',
    name: 'Whole Home',
    customName: null, // shown as 'Interior'
    items: [
      { category: 'standard', name: 'Wall Paint Color' },
      { category: 'standard', name: 'Trim Paint Color' },
      { category: 'standard', name: 'Switch Plates and Outlet Covers' },
      { category: 'specific', name: 'Baseboard and Casing Style' },
    ],
  },
  {
    type: 'kitchen',
    name: 'Kitchen',
    customName: null,
    items: [
      { category: 'standard', name: 'Wall Paint Color' },
      { category: 'specific', name: 'Kitchen Cabinets', itemType: 'cabinet', cabinetDetails: emptyCabinetDetails },
      { category: 'specific', name: 'Countertops' },
      { category: 'specific', name: 'Backsplash', details: emptyBacksplashDetails },
      { category: 'plumbing_fixtures', name: 'Kitchen Sink' },
      { category: 'plumbing_fixtures', name: 'Kitchen Faucet' },
    ],
  },
  {
    type: 'living_room',
    name: 'Living Room',
    customName: null,
    items: [
      { category: 'standard', name: 'Wall Paint Color' },
      { category: 'specific', name: 'Fireplace Surround' },
      { category: 'special_flooring', name: 'Hardwood Flooring' },
      { category: 'light_fixtures', name: 'Ceiling Fan' },
    ],
  },
  {
    type: 'dining_room',
    name: 'Dining Room',
    customName: null,
    items: [
      { category: 'standard', name: 'Wall Paint Color' },
      { category: 'specific', name: 'Wainscoting' },
      { category: 'light_fixtures', name: 'Chandelier' },
    ],
  },
  {
    type: 'bedroom',
    name: 'Bedroom',
    customName: 'Bedroom 1',
    items: [
      { category: 'standard', name: 'Wall Paint Color' },
      { category: 'specific', name: 'Closet Shelving' },
      { category: 'special_flooring', name: 'Carpet' },
      { category: 'light_fixtures', name: 'Ceiling Light' },
    ],
  },
  {
    type: 'bathroom',
    name: 'Bathroom',
    customName: 'Bathroom 1',
    items: [
      { category: 'standard', name: 'Wall Paint Color' },
      { category: 'specific', name: 'Shower Tile' },
      { category: 'vanities', name: 'Vanity', itemType: 'vanity' },
      { category: 'sinks', name: 'Vanity Sink' },
      { category: 'plumbing_fixtures', name: 'Shower Valve and Trim' },
      { category: 'plumbing_fixtures', name: 'Toilet' },
    ],
  },
  {
    type: 'laundry',
    name: 'Laundry Room',
    customName: null,
    items: [
      { category: 'standard', name: 'Wall Paint Color' },
      { category: 'specific', name: 'Laundry Cabinets' },
      { category: 'plumbing_fixtures', name: 'Utility Sink and Faucet' },
    ],
  },
  {
    type: 'exterior',
    name: 'Exterior',
    customName: null,
    items: [
      { category: 'standard', name: 'Siding Color' },
      { category: 'standard', name: 'Exterior Trim Color' },
      { category: 'specific', name: 'Exterior Light Fixtures' },
      { category: 'door_styles', name: 'Front Door' },
      { category: 'door_styles', name: 'Interior Door Style' },
      // Door knob items keep the passage and locking door counts in their first two reference links.
      { category: 'door_knobs', name: 'Door Knobs' },
    ],
  },
];

/**
 * The starter items of a room of this type: those of the template's room of that type (the
 * template has at most one room per type), so a room added later starts as a new project's
 * does. A type the template lacks (a study, say) starts empty.
 */
export const starterItems = (type: RoomType): readonly TemplateItem[] => newProjectTemplate.find((room) => room.type === type)?.items ?? [];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The name of an item added from a section (spec section 2): the section title and a running
 * number, one more than the highest `${title} N` already in the room (any case), or 1.
 */
export function sectionItemName(sectionTitle: string, existingNamesInRoom: readonly string[]): string {
  const title = sectionTitle.trim();
  const pattern = new RegExp(`^${escapeRegExp(title)} (\\d+)$`, 'i');
  const highest = existingNamesInRoom.reduce((max, name) => {
    const match = pattern.exec(name.trim());
    return match ? Math.max(max, Number(match[1])) : max;
  }, 0);
  return `${title} ${highest + 1}`;
}
