import type { Page } from 'playwright-core';

/**
 * A checklist far larger than any real one: 12 rooms of 300 items, served for one project from
 * the page's network layer (the API stays out of it), with the item saves kept in `patches`.
 * Used by the browser test that every toggle and keystroke lands on it
 * (tests/e2e/checklist.e2e.spec.ts) and by the bench that times them (bench/checklist-input-latency.bench.ts).
 */

export const ITEMS_PER_ROOM = 300;

export async function fakeBigProject(page: Page, projectId: string): Promise<{ total: number; patches: Record<string, unknown>[] }> {
  const types = ['whole_home', 'kitchen', 'living_room', 'dining_room', 'bathroom', 'bathroom', 'bedroom', 'bedroom', 'bedroom', 'laundry', 'exterior', 'study'] as const;
  const counts = new Map<string, number>();
  const rooms = types.map((type, index) => {
    const n = (counts.get(type) ?? 0) + 1;
    counts.set(type, n);
    const label = type.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
    return {
      id: `room-${index}`,
      projectId,
      name: label,
      type,
      customName: `${label} ${n}`,
      lockBoxCode: null,
      totalItems: ITEMS_PER_ROOM,
      completedItems: 0,
    };
  });
  const categories: Record<string, string[]> = {
    whole_home: ['standard', 'specific'],
    exterior: ['standard', 'specific', 'door_styles', 'door_knobs', 'special_features'],
    kitchen: ['standard', 'specific', 'special_flooring', 'light_fixtures', 'plumbing_fixtures', 'special_features'],
    bathroom: ['standard', 'specific', 'special_flooring', 'light_fixtures', 'plumbing_fixtures', 'vanities', 'sinks', 'special_features'],
    laundry: ['standard', 'specific', 'special_flooring', 'light_fixtures', 'plumbing_fixtures', 'special_features'],
  };
  const itemsByRoom = new Map(
    rooms.map((entry) => {
      const cats = categories[entry.type] ?? ['standard', 'specific', 'special_flooring', 'light_fixtures', 'special_features'];
      return [
        entry.id,
        Array.from({ length: ITEMS_PER_ROOM }, (_, i) => ({
          id: `${entry.id}-item-${i}`,
          roomId: entry.id,
          category: cats[i % cats.length],
          name: `${entry.customName} item ${i}`,
          completed: false,
          contractorCompleted: false,
          clientCompleted: false,
          purchasesMade: false,
          details: i % 3 === 0 ? 'Some details about this finish, supplier and colour.' : '',
          itemType: i % 50 === 7 ? 'cabinet' : 'single',
          cabinetDetails: null,
          cabinetLinks: [],
          cabinetImages: [],
          referenceLinks: i % 4 === 0 ? ['https://example.com/spec-sheet'] : [],
          referenceImages: [],
          order: i,
        })),
      ];
    }),
  );
  const total = rooms.length * ITEMS_PER_ROOM;
  const patches: Record<string, unknown>[] = [];
  await page.route(`**/api/projects/${projectId}/rooms`, (route) => route.fulfill({ json: rooms }));
  await page.route(`**/api/projects/${projectId}/stats`, (route) =>
    route.fulfill({
      json: {
        completed: 0,
        total,
        percentage: 0,
        contractorCompleted: 0,
        clientCompleted: 0,
        contractorPercentage: 0,
        clientPercentage: 0,
      },
    }),
  );
  await page.route('**/api/rooms/*/items', (route) =>
    route.fulfill({
      json: itemsByRoom.get(new URL(route.request().url()).pathname.split('/')[3] ?? '') ?? [],
    }),
  );
  await page.route('**/api/checklist-items/*', (route) => {
    const id = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    const patch = route.request().postDataJSON() as Record<string, unknown>;
    patches.push(patch);
    const list = itemsByRoom.get(id.replace(/-item-\d+$/, '')) ?? [];
    const index = list.findIndex((entry) => entry.id === id);
    if (index >= 0) list[index] = { ...list[index]!, ...patch };
    return route.fulfill({ json: list[index] });
  });
  return { total, patches };
}
