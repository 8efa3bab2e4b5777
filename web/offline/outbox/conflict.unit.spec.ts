import { describe, expect, it } from 'vitest';
import { makeCommand } from './command';
import { conflictTexts, resolvedBody, type Conflict } from './conflict';

/** A refused edit kept for the person: both texts, and what each decision sends. */

const conflictOf = (body: Record<string, unknown>, theirs: Record<string, unknown>, backsplash = false): Conflict => ({
  id: 'item:i1',
  projectId: 'p1',
  itemId: 'i1',
  roomId: 'r1',
  name: backsplash ? 'Backsplash' : 'Countertops',
  backsplash,
  command: makeCommand({ route: 'patchItem', params: { id: 'i1' }, body, projectId: 'p1', userId: 'u1', itemId: 'i1', roomId: 'r1', label: 'Changed the details of Countertops' }),
  theirs,
  version: 7,
  at: '2026-11-26T21:00:00.000Z',
});

describe('a conflict to decide', () => {
  it('given details edited on both sides, then both texts show; keep mine sends mine against theirs; merged sends what was typed', () => {
    const conflict = conflictOf({ details: 'Quartz, mitred edge', base: { details: 'Quartz' } }, { details: 'Granite' });
    expect(conflictTexts(conflict)).toEqual([{ key: 'details', label: 'Details', mine: 'Quartz, mitred edge', theirs: 'Granite', editable: true }]);
    expect(resolvedBody(conflict)).toEqual({ details: 'Quartz, mitred edge', base: { details: 'Granite' } });
    expect(resolvedBody(conflict, { details: 'Granite, mitred edge' })).toEqual({ details: 'Granite, mitred edge', base: { details: 'Granite' } });
  });

  it("given a Backsplash, then Tile and Grout show apart, and keeping mine keeps their part I did not change", () => {
    const conflict = conflictOf(
      { details: JSON.stringify({ tile: 'Zellige', grout: 'White' }), base: { details: JSON.stringify({ tile: 'Subway', grout: 'White' }) } },
      { details: JSON.stringify({ tile: 'Hex', grout: 'Charcoal' }) },
      true,
    );
    expect(conflictTexts(conflict).map(({ label, mine, theirs }) => [label, mine, theirs])).toEqual([
      ['Tile', 'Zellige', 'Hex'],
      ['Grout', 'White', 'Charcoal'],
    ]);
    expect(JSON.parse(resolvedBody(conflict).details as string)).toEqual({ tile: 'Zellige', grout: 'Charcoal' });
  });

  it('given a cabinet field edited on both sides, then only it is to decide, and the decision keeps their other changes', () => {
    const conflict = conflictOf(
      { cabinetDetails: { style: 'Flat panel', wood: 'Oak' }, base: { cabinetDetails: { style: 'Shaker', wood: 'Oak' } } },
      { cabinetDetails: { style: 'Inset', wood: 'Walnut' } },
    );
    expect(conflictTexts(conflict).map(({ key, mine, theirs }) => [key, mine, theirs])).toEqual([['style', 'Flat panel', 'Inset']]);
    expect(resolvedBody(conflict)).toEqual({ cabinetDetails: { style: 'Flat panel', wood: 'Walnut' }, base: { cabinetDetails: { style: 'Inset', wood: 'Walnut' } } });
    expect(resolvedBody(conflict, { style: 'Inset, flat centre' }).cabinetDetails).toEqual({ style: 'Inset, flat centre', wood: 'Walnut' });
  });

  it("given a room renamed on both sides, then both names show and mine goes against theirs", () => {
    const conflict: Conflict = { ...conflictOf({ customName: 'Chef Kitchen', base: { customName: null } }, { customName: 'Main Kitchen' }), id: 'room:r1', itemId: undefined };
    expect(conflictTexts(conflict)).toEqual([{ key: 'customName', label: 'Room name', mine: 'Chef Kitchen', theirs: 'Main Kitchen', editable: true }]);
    expect(resolvedBody(conflict)).toEqual({ customName: 'Chef Kitchen', base: { customName: 'Main Kitchen' } });
  });
});
