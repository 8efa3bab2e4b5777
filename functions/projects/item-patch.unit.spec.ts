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
