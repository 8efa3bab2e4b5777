import { describe, expect, it } from 'vitest';
import { changeLines, fromLocalInput, madeOfflineText, toLocalInput } from './format';

const plain = { name: 'Countertops', category: 'standard' } as const;

describe('item history lines', () => {
  it('labels flags as the card does, Yes/No, and hides the derived completed flag', () => {
    expect(
      changeLines(
        [
          { field: 'clientCompleted', before: false, after: true },
          { field: 'completed', before: false, after: true },
        ],
        plain,
      ),
    ).toEqual([{ kind: 'value', label: 'Installed', before: 'No', after: 'Yes' }]);
  });

  it('shows lists as entries added and removed', () => {
    expect(changeLines([{ field: 'referenceImages', before: ['a.png', 'b.png'], after: ['b.png', 'c.png'] }], plain)).toEqual([
      { kind: 'list', label: 'Reference images', added: ['c.png'], removed: ['a.png'] },
    ]);
  });

  it('reads a door knob’s counts and a backsplash’s tile and grout', () => {
    const knobs = { name: 'Door Knobs', category: 'door_knobs' } as const;
    expect(changeLines([{ field: 'referenceLinks', before: ['6', '2'], after: ['8', '2', 'https://x.example'] }], knobs)).toEqual([
      { kind: 'value', label: 'Total passage', before: '6', after: '8' },
      { kind: 'list', label: 'Reference links', added: ['https://x.example'], removed: [] },
    ]);
    expect(changeLines([{ field: 'details', before: '', after: '{"tile":"Subway","grout":""}' }], { name: 'Backsplash', category: 'standard' })).toEqual([
      { kind: 'value', label: 'Details', before: '(empty)', after: 'Tile: Subway; Grout: (empty)' },
    ]);
  });

  it('names cabinet parts, skipping parts that only appear unset', () => {
    expect(changeLines([{ field: 'cabinetDetails', before: null, after: { style: 'Shaker', styleCompleted: false } }], plain)).toEqual([
      { kind: 'value', label: 'Cabinet details: Style', before: '(empty)', after: 'Shaker' },
    ]);
  });
});

describe('the picker’s local time', () => {
  it('round-trips to the second and covers the whole picked second', () => {
    const iso = new Date(2026, 10, 24, 7, 5, 12, 400).toISOString();
    const local = toLocalInput(iso);
    expect(local).toMatch(/T07:05:12$/);
    expect(Date.parse(fromLocalInput(local)!)).toBe(new Date(2026, 10, 24, 7, 5, 12, 999).getTime());
    // 07:05:00 picked: the browser's value leaves the zero seconds out; it is that second, not the minute.
    expect(Date.parse(fromLocalInput('2026-11-24T07:05')!)).toBe(new Date(2026, 10, 24, 7, 5, 0, 999).getTime());
    expect(fromLocalInput('')).toBeNull();
  });

  it('words approvals, what they covered, and the budget fields (issue 18)', () => {
    const approved = { status: 'approved', approvedAt: '2026-11-24T10:00:00Z', approvedBy: { id: 'u1', name: 'Chris Owner' }, selectionHash: 'h' };
    const declined = { status: 'declined', declinedAt: '2026-11-24T10:00:00Z', declinedBy: { id: 'u1', name: 'Chris Owner' }, reason: 'Too dark', selectionHash: 'h' };
    expect(
      changeLines(
        [
          { field: 'approval', before: null, after: approved },
          { field: 'approvedSelection', before: null, after: { details: 'Quartz', referenceLinks: [], allowance: 1000, cost: null } },
        ],
        plain,
      ),
    ).toEqual([
      { kind: 'value', label: 'Approval', before: '(none)', after: 'Approved by Chris Owner' },
      { kind: 'text', label: 'Approved selection', text: 'Details: Quartz; Reference links: (empty); Allowance: 1000; Cost: (empty)' },
    ]);
    expect(changeLines([{ field: 'approval', before: declined, after: null }], plain)).toEqual([{ kind: 'value', label: 'Approval', before: 'Declined: Too dark', after: '(none)' }]);
    expect(changeLines([{ field: 'decideBy', before: null, after: '2026-12-01' }], plain)).toEqual([{ kind: 'value', label: 'Decide by', before: '(empty)', after: '2026-12-01' }]);
  });
});

describe('a change made offline (issue 29)', () => {
  it('says when the device made it, only when that is more than a minute from the server’s time', () => {
    const at = new Date(2026, 10, 26, 14, 30, 0).toISOString();
    expect(madeOfflineText({ at, deviceTime: new Date(2026, 10, 26, 14, 2, 0).toISOString() })).toBe('made offline at 2:02 PM');
    expect(madeOfflineText({ at, deviceTime: new Date(2026, 10, 25, 9, 15, 0).toISOString() })).toBe('made offline at Nov 25, 2026, 9:15 AM');
    expect(madeOfflineText({ at, deviceTime: new Date(2026, 10, 26, 14, 29, 10).toISOString() })).toBeNull();
    expect(madeOfflineText({ at })).toBeNull();
  });
});
