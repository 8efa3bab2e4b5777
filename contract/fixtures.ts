import type { ChecklistItem, Room } from './projects';

/** Test builders for the answer shapes, shared by the web and the PDF specs: defaults, then the overrides. */

export const roomFixture = (overrides: Partial<Room> = {}): Room => ({
  id: 'room-1',
  projectId: 'p1',
  name: 'Kitchen',
  type: 'kitchen',
  customName: null,
  lockBoxCode: null,
  totalItems: 0,
  completedItems: 0,
  ...overrides,
});

export const itemFixture = (overrides: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id: 'item-1',
  roomId: 'room-1',
  category: 'standard',
  name: 'Wall Paint Color',
  completed: false,
  contractorCompleted: false,
  clientCompleted: false,
  purchasesMade: false,
  details: '',
  itemType: 'single',
  cabinetDetails: null,
  cabinetLinks: [],
  cabinetImages: [],
  referenceLinks: [],
  referenceImages: [],
  order: 0,
  allowance: null,
  cost: null,
  decideBy: null,
  leadTimeDays: null,
  approval: null,
  selectionHash: '0'.repeat(64),
  version: 1,
  ...overrides,
});
