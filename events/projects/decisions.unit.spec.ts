import { describe, expect, it } from 'vitest';
import { daysBefore, decideByOf, openDecisions } from './decisions';

describe('decide-by dates', () => {
  it('are the item’s own, else the target completion less the lead time, else none', () => {
    expect(decideByOf({ decideBy: '2026-03-01', leadTimeDays: 10 }, '2026-06-30')).toBe('2026-03-01');
    expect(decideByOf({ decideBy: null, leadTimeDays: 0 }, '2026-06-30')).toBe('2026-06-30');
    expect(decideByOf({ decideBy: null, leadTimeDays: 365 }, '2024-12-31')).toBe('2024-01-01');
    expect(decideByOf({ decideBy: null, leadTimeDays: 10 }, null)).toBeNull();
    expect(decideByOf({ decideBy: null, leadTimeDays: null }, '2026-06-30')).toBeNull();
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
  });

  it('list the open selections, earliest first, overdue before today, undated last in the checklist’s order', () => {
    const rooms = [
      { name: 'Den', items: [{ id: 'a', name: 'A', selected: false }, { id: 'b', name: 'B', selected: false, decideBy: '2026-05-01' }] },
      { name: 'Hall', items: [{ id: 'c', name: 'C', selected: true, decideBy: '2026-01-01' }, { id: 'd', name: 'D', selected: false, leadTimeDays: 100 }, { id: 'e', name: 'E', selected: false }] },
    ];
    expect(openDecisions(rooms, '2026-06-30', '2026-03-23')).toEqual([
      { itemId: 'd', name: 'D', roomName: 'Hall', decideBy: '2026-03-22', overdue: true },
      { itemId: 'b', name: 'B', roomName: 'Den', decideBy: '2026-05-01', overdue: false },
      { itemId: 'a', name: 'A', roomName: 'Den', decideBy: null, overdue: false },
      { itemId: 'e', name: 'E', roomName: 'Hall', decideBy: null, overdue: false },
    ]);
  });
});
