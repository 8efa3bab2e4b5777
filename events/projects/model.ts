/**
 * The words of the checklist domain (spec sections 2 and 3): project statuses, room types and
 * their sections, item categories and flags.
 */

export const projectStatuses = ['active', 'paused', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const roomTypes = [
  'whole_home',
  'kitchen',
  'bathroom',
  'bedroom',
  'living_room',
  'dining_room',
  'study',
  'laundry',
  'bonus_room',
  'exterior',
  'landscape',
  'mechanicals',
] as const;
export type RoomType = (typeof roomTypes)[number];

export const itemCategories = [
  'standard',
  'specific',
  'special_flooring',
  'light_fixtures',
  'vanities',
  'sinks',
  'plumbing_fixtures',
  'door_styles',
  'door_knobs',
  'special_features',
] as const;
export type ItemCategory = (typeof itemCategories)[number];

export const itemTypes = ['single', 'cabinet', 'vanity'] as const;
export type ItemType = (typeof itemTypes)[number];

/**
 * The three independent flags, by the names the code uses everywhere (the API's are mapped in
 * contract/flags.ts): Selected is set by the contractor, Installed by the client, Purchased by either.
 */
export const flags = ['selected', 'purchased', 'installed'] as const;
export type Flag = (typeof flags)[number];
/** Complete means all three flags are set: derived, never stored. */
export const isComplete = (item: { readonly [F in Flag]: boolean }): boolean => item.selected && item.purchased && item.installed;

/** Room label used in names and numbering ('Bedroom 2', 'Laundry Room 3'). */
export const roomLabels: Record<RoomType, string> = {
  whole_home: 'Whole Home',
  kitchen: 'Kitchen',
  bathroom: 'Bathroom',
  bedroom: 'Bedroom',
  living_room: 'Living Room',
  dining_room: 'Dining Room',
  study: 'Study',
  laundry: 'Laundry Room',
  bonus_room: 'Bonus Room',
  exterior: 'Exterior',
  landscape: 'Landscape',
  mechanicals: 'Mechanicals',
};

/** The title of a room type's own section (category `specific`). */
export const specificSectionTitles: Partial<Record<RoomType, string>> = {
  kitchen: 'Kitchen Specifics',
  bathroom: 'Bathroom Specifics',
  living_room: 'Living Room Specifics',
  laundry: 'Laundry Room Specifics',
  landscape: 'Landscape Specifics',
};

export interface Section {
  readonly title: string;
  readonly categories: readonly ItemCategory[];
}

/** The sections a room of this type shows, in order (spec: Room card). */
export function sectionsFor(type: RoomType): Section[] {
  const sections: Section[] = [
    { title: 'Standard Finishes', categories: ['standard'] },
    { title: specificSectionTitles[type] ?? 'Room Specifics', categories: ['specific'] },
  ];
  if (!['whole_home', 'exterior', 'landscape'].includes(type)) {
    sections.push({ title: 'Special Flooring', categories: ['special_flooring'] }, { title: 'Light Fixtures', categories: ['light_fixtures'] });
  }
  if (['kitchen', 'laundry', 'bathroom'].includes(type)) sections.push({ title: 'Plumbing Fixtures', categories: ['plumbing_fixtures'] });
  if (type === 'exterior') sections.push({ title: 'Door Styles', categories: ['door_styles'] }, { title: 'Door Knobs', categories: ['door_knobs'] });
  if (type === 'bathroom') sections.push({ title: 'Vanities', categories: ['vanities'] }, { title: 'Sinks', categories: ['sinks'] });
  if (type !== 'whole_home') sections.push({ title: 'Special Features', categories: ['special_features'] });
  return sections;
}

/**
 * Text limits, shared by the API's schemas and the web forms. The spec's (section 5): details 500;
 * tile, grout and each cabinet text field 300. Ours, where the spec gives none (issue 12): a
 * person's name 100, a project's name 200 and address 300, a phone 50, contractor notes 2000, a
 * lock box code 100, a room's name 100, an item's name 200, a link or image address 2000 (as the stored cabinet lists allow) and at
 * most 50 of them per list, a cabinet total 50, an e-mail address 254 (RFC 5321).
 */
export const limits = {
  details: 500,
  cabinetField: 300,
  backsplashField: 300,
  personName: 100,
  projectName: 200,
  address: 300,
  phone: 50,
  contractorNotes: 2000,
  lockBoxCode: 100,
  roomName: 100,
  itemName: 200,
  url: 2000,
  listEntries: 50,
  cabinetTotal: 50,
  email: 254,
  /** Issue 18: an allowance or cost at most 10,000,000; a decline's reason 500; a lead time 365 days. */
  money: 10_000_000,
  declineReason: 500,
  leadTimeDays: 365,
} as const;
