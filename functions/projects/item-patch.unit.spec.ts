import { describe, expect, it } from 'vitest';
import { itemPatchCommands } from './item-patch';

describe('an item PATCH as commands', () => {
  it('sets each flag sent, by its inner name, in the order Selected, Purchased, Installed', () => {
    expect(itemPatchCommands({ clientCompleted: false, purchasesMade: true, contractorCompleted: true })).toEqual([
      { type: 'setFlag', flag: 'selected', value: true },
      { type: 'setFlag', flag: 'purchased', value: true },
      { type: 'setFlag', flag: 'installed', value: false },
    ]);
  });

  it('changes the details before the budget, whatever order the fields came in', () => {
    expect(itemPatchCommands({ cost: 12.5, details: 'Oak', referenceLinks: ['https://a.example/b'], decideBy: null })).toEqual([
      { type: 'editDetails', details: 'Oak' },
      { type: 'setList', field: 'referenceLinks', values: ['https://a.example/b'] },
      { type: 'setBudget', field: 'cost', value: 12.5 },
      { type: 'setSchedule', field: 'decideBy', value: null },
    ]);
  });
});

describe('an item PATCH with a base (field mode, issue 29)', () => {
  it('checks the texts against their base first, and merges cabinet details and lists against theirs', () => {
    const base = { details: 'Old', cabinetDetails: { style: 'Shaker' }, referenceLinks: ['https://a.example/'] };
    expect(itemPatchCommands({ purchasesMade: true, details: 'New', cabinetDetails: { style: 'Flat' }, referenceLinks: ['https://b.example/'], referenceImages: [], base })).toEqual([
      { type: 'checkBase', edits: { details: 'New', cabinetDetails: { style: 'Flat' } }, base },
      { type: 'setFlag', flag: 'purchased', value: true },
      { type: 'editDetails', details: 'New' },
      { type: 'editCabinetDetails', cabinetDetails: { style: 'Flat' }, base: { style: 'Shaker' } },
      { type: 'setList', field: 'referenceLinks', values: ['https://b.example/'], base: ['https://a.example/'] },
      { type: 'setList', field: 'referenceImages', values: [] },
    ]);
  });

  it('checks nothing when the base names no text the patch edits', () => {
    expect(itemPatchCommands({ purchasesMade: true, base: { details: 'Old' } })).toEqual([{ type: 'setFlag', flag: 'purchased', value: true }]);
  });
});
