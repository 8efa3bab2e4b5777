import { describe, expect, it } from 'vitest';
import type { Actor } from '../decider';
import { decideInTurn } from '../decider';
import { EDIT_CONFLICT_MESSAGE, EditConflict, ID_TAKEN_MESSAGE, editConflicts, mergeCabinetDetails, mergeList, RoomNameConflict, textConflicts } from './edit-base';
import { initialItemState, itemDecider, type ItemCommand, type ItemState } from './item';
import { decideProject, initialProjectState, type ProjectState } from './project';

/** Field mode (issue 29): edits decided by value against the base their editor saw. */

const contractor: Actor = { userId: 'contractor-1', role: 'contractor' };
const client: Actor = { userId: 'client-1', role: 'client' };

const item = (overrides: Partial<ItemState> = {}): ItemState => ({ ...initialItemState, exists: true, itemId: 'i1', roomId: 'r1', name: 'Paint', ...overrides });
const decide = (commands: ItemCommand[], state: ItemState, actor: Actor = contractor) => decideInTurn(itemDecider, commands, state, actor);

describe('a text against its base', () => {
  it('given someone else changed it and this edit changes it differently, then it conflicts', () => {
    expect(textConflicts('theirs', 'base', 'mine')).toBe(true);
  });

  it('given only one side changed it, or both to the same value, then it does not', () => {
    expect(textConflicts('base', 'base', 'mine')).toBe(false);
    expect(textConflicts('theirs', 'base', 'base')).toBe(false);
    expect(textConflicts('same', 'base', 'same')).toBe(false);
  });
});

describe('a list merged three-way', () => {
  it('given both sides added a link, then both are kept: theirs in place, mine appended', () => {
    expect(mergeList(['a', 'theirs'], ['a'], ['a', 'mine'])).toEqual(['a', 'theirs', 'mine']);
  });

  it('given this edit removed an entry, then only that entry goes, and what others added stays', () => {
    expect(mergeList(['a', 'b', 'theirs'], ['a', 'b'], ['b'])).toEqual(['b', 'theirs']);
  });

  it('given an entry both sides added, or one someone else removed meanwhile, then it is there once, or stays gone', () => {
    expect(mergeList(['a', 'x'], ['a'], ['a', 'x'])).toEqual(['a', 'x']);
    expect(mergeList([], ['a'], ['a', 'b'])).toEqual(['b']);
  });

  it("given a door knob item's counts first, then each count is this edit's where it changed it, else the current one", () => {
    expect(mergeList(['3', '2', 'https://a'], ['1', '2'], ['1', '5', 'https://b'], 2)).toEqual(['3', '5', 'https://a', 'https://b']);
    expect(mergeList([], [], [], 2)).toEqual([]);
    expect(mergeList([], [], ['', '', 'https://b'], 2)).toEqual(['', '', 'https://b']);
  });
});

describe('cabinet details merged key by key', () => {
  it('given each side changed other keys, then both changes are kept', () => {
    const { merged, conflicts } = mergeCabinetDetails({ style: 'Shaker', wood: 'Oak' }, { style: 'Shaker' }, { style: 'Shaker', color: 'White' });
    expect(merged).toEqual({ style: 'Shaker', wood: 'Oak', color: 'White' });
    expect(conflicts).toEqual([]);
  });

  it('given both changed one text differently, then that key conflicts', () => {
    expect(mergeCabinetDetails({ style: 'Flat' }, { style: 'Shaker' }, { style: 'Raised' }).conflicts).toEqual(['style']);
  });

  it("given both added a part's link, then it merges as a list and never conflicts", () => {
    const { merged, conflicts } = mergeCabinetDetails({ styleLinks: ['https://a', 'https://theirs'] }, { styleLinks: ['https://a'] }, { styleLinks: ['https://a', 'https://mine'] });
    expect(merged).toEqual({ styleLinks: ['https://a', 'https://theirs', 'https://mine'] });
    expect(conflicts).toEqual([]);
  });

  it('given this edit clears details nobody else changed, then they are null', () => {
    expect(mergeCabinetDetails({ style: 'Shaker' }, { style: 'Shaker' }, null).merged).toBeNull();
  });
});

describe('an item edit with a base', () => {
  it('given details changed by someone else, when edited differently against the old base, then EditConflict names details with its current value and nothing is decided', () => {
    const state = item({ details: 'Their text' });
    const edit = () => decide([{ type: 'checkBase', edits: { details: 'My text' }, base: { details: 'Old text' } }, { type: 'editDetails', details: 'My text' }], state, client);
    expect(edit).toThrow(EditConflict);
    try {
      edit();
    } catch (error) {
      expect(error).toMatchObject({ kind: 'conflict', message: EDIT_CONFLICT_MESSAGE, fieldErrors: { details: [EDIT_CONFLICT_MESSAGE] }, current: { details: 'Their text' }, item: state });
    }
  });

  it('given the current base, when edited, then it applies', () => {
    const { events } = decide([{ type: 'checkBase', edits: { details: 'Mine' }, base: { details: 'Old' } }, { type: 'editDetails', details: 'Mine' }], item({ details: 'Old' }));
    expect(events).toEqual([{ type: 'ItemDetailsEdited', data: { from: 'Old', to: 'Mine' } }]);
  });

  it('given both texts conflict, then both are named, cabinet details as the whole current object', () => {
    const state = item({ details: 'Theirs', cabinetDetails: { style: 'Flat', wood: 'Oak' } });
    const current = editConflicts(state, { details: 'Mine', cabinetDetails: { style: 'Raised' } }, { details: 'Old', cabinetDetails: { style: 'Shaker' } });
    expect(current).toEqual({ details: 'Theirs', cabinetDetails: { style: 'Flat', wood: 'Oak' } });
  });

  it('given no base, then the edit applies as sent (last write wins)', () => {
    const { events } = decide([{ type: 'editCabinetDetails', cabinetDetails: { style: 'Raised' } }], item({ cabinetDetails: { style: 'Flat', wood: 'Oak' } }));
    expect(events[0]).toMatchObject({ data: { to: { style: 'Raised' } } });
  });

  it('given a base, then cabinet details merge: the key only someone else changed stays theirs', () => {
    const { events } = decide([{ type: 'editCabinetDetails', cabinetDetails: { style: 'Shaker', color: 'White' }, base: { style: 'Shaker' } }], item({ cabinetDetails: { style: 'Shaker', wood: 'Oak' } }));
    expect(events[0]).toMatchObject({ data: { to: { style: 'Shaker', wood: 'Oak', color: 'White' } } });
  });

  it('given a list with its base, then the merge is what is set, trimmed and checked', () => {
    const state = item({ referenceLinks: ['https://a', 'https://theirs'] });
    const { events } = decide([{ type: 'setList', field: 'referenceLinks', values: ['https://a', ' https://mine '], base: ['https://a'] }], state);
    expect(events).toEqual([{ type: 'ItemListChanged', data: { field: 'referenceLinks', from: ['https://a', 'https://theirs'], to: ['https://a', 'https://theirs', 'https://mine'] } }]);
  });

  it('given a merge longer than a list may be, then it is refused naming the field', () => {
    const full = Array.from({ length: 50 }, (_, i) => `https://x/${i}`);
    expect(() => decide([{ type: 'setList', field: 'referenceLinks', values: ['https://mine'], base: [] }], item({ referenceLinks: full }))).toThrow(/referenceLinks: at most 50 entries/);
  });
});

describe('a client-made id', () => {
  const add: ItemCommand = { type: 'add', itemId: 'i1', roomId: 'r1', category: 'standard', name: 'Paint', itemType: 'single', details: '', order: 0, cabinetDetails: null };

  it('given a stream that already holds an item, even a deleted one, when adding with its id, then it is refused saying only that the id is used', () => {
    for (const state of [item(), item({ exists: false })]) {
      expect(() => decide([add], state)).toThrow(expect.objectContaining({ kind: 'conflict', message: ID_TAKEN_MESSAGE, fieldErrors: { id: [ID_TAKEN_MESSAGE] } }));
    }
    expect(decide([add], initialItemState).events).toHaveLength(1);
  });

  it("given one of the project's rooms has the id, when adding a room with it, then it is refused", () => {
    const project: ProjectState = { ...initialProjectState, exists: true, projectId: 'p1', contractorId: contractor.userId, rooms: [{ roomId: 'r1', type: 'bedroom', name: 'Bedroom', customName: 'Bedroom 1' }] };
    expect(() => decideProject({ type: 'addRoom', roomId: 'r1', roomType: 'kitchen' }, project, contractor)).toThrow(ID_TAKEN_MESSAGE);
  });
});

describe('a room rename with a base', () => {
  const project: ProjectState = { ...initialProjectState, exists: true, projectId: 'p1', contractorId: contractor.userId, rooms: [{ roomId: 'r1', type: 'bedroom', name: 'Bedroom', customName: 'Guest Room' }] };

  it('given someone renamed it since, when renamed differently, then RoomNameConflict carries the current name', () => {
    expect(() => decideProject({ type: 'renameRoom', roomId: 'r1', customName: 'Nursery', base: 'Bedroom 1' }, project, contractor)).toThrow(
      expect.objectContaining({ kind: 'conflict', fieldErrors: { customName: [EDIT_CONFLICT_MESSAGE] }, customName: 'Guest Room' }),
    );
    expect(() => decideProject({ type: 'renameRoom', roomId: 'r1', customName: 'Nursery', base: 'Bedroom 1' }, project, contractor)).toThrow(RoomNameConflict);
  });

  it('given the current base, or no base, then the rename applies', () => {
    expect(decideProject({ type: 'renameRoom', roomId: 'r1', customName: 'Nursery', base: 'Guest Room' }, project, contractor)).toHaveLength(1);
    expect(decideProject({ type: 'renameRoom', roomId: 'r1', customName: 'Nursery' }, project, contractor)).toHaveLength(1);
  });
});
