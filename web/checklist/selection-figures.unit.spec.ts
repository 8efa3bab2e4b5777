import { describe, expect, it } from 'vitest';
import type { ChecklistItem, Room } from '../../contract/projects';
import { budgetOf, decisionsDue } from './selection-figures';

const room = (id: string, name: string): Room => ({ id, projectId: 'p', name, type: 'kitchen', customName: null, lockBoxCode: null, totalItems: 0, completedItems: 0 });
const item = (id: string, fields: Partial<ChecklistItem>): ChecklistItem =>
  ({ id, roomId: 'r', name: id, contractorCompleted: false, allowance: null, cost: null, decideBy: null, leadTimeDays: null, approval: null, ...fields }) as ChecklistItem;

describe('the checklist’s decisions due and budget (issue 18)', () => {
  const rooms = [room('k', 'Kitchen'), room('b', 'Bath')];
  const items: Record<string, ChecklistItem[]> = {
    k: [item('Tile', { allowance: 0.1, cost: 0.2 }), item('Sink', { allowance: 1000, cost: 999.99, decideBy: '2026-01-10' })],
    b: [item('Vanity', { leadTimeDays: 30 }), item('Mirror', { decideBy: '2026-01-01', contractorCompleted: true }), item('Fan', {})],
  };
  const itemsOf = (id: string) => items[id] ?? [];

  it('sums allowances and costs in cents, per room and in all; negative difference is over budget', () => {
    expect(budgetOf(rooms, itemsOf)).toEqual({
      allowance: 1000.1,
      cost: 1000.19,
      difference: -0.09,
      rooms: [
        { roomId: 'k', name: 'Kitchen', allowance: 1000.1, cost: 1000.19, difference: -0.09 },
        { roomId: 'b', name: 'Bath', allowance: 0, cost: 0, difference: 0 },
      ],
    });
  });

  it('lists open selections with a date, earliest first, overdue before today; Selected and undated ones are not due', () => {
    expect(decisionsDue(rooms, itemsOf, '2026-02-01', '2026-01-05')).toEqual([
      { itemId: 'Vanity', name: 'Vanity', roomName: 'Bath', decideBy: '2026-01-02', overdue: true },
      { itemId: 'Sink', name: 'Sink', roomName: 'Kitchen', decideBy: '2026-01-10', overdue: false },
    ]);
    expect(decisionsDue(rooms, itemsOf, null, '2026-01-05').map((decision) => decision.itemId)).toEqual(['Sink']);
  });
});
