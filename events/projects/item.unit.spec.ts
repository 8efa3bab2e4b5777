import { describe, expect, it } from 'vitest';
import { decideInTurn } from '../decider';
import { errorOf, kindOf } from '../../tests/support/domain-errors';
import { cabinetDetailsEdited, cabinetDetailsSchema, itemAdded, type CabinetDetails, type ItemEvent } from './events';
import { decideItem, initialItemState, itemDecider, type ItemCommand, type ItemState } from './item';
import { countsDelta, countsOf } from './item-counts';
import { isComplete } from './model';
import type { Flag, ItemCategory } from './model';
import type { Actor } from '../decider';

/** A checklist item: three independent flags with their owners, derived completion, text limits and lists. */

const contractor: Actor = { userId: 'contractor-1', role: 'contractor' };
const client: Actor = { userId: 'client-1', role: 'client' };

/** Who may set each flag: Selected the contractor, Installed the client (Purchased either). */
const ownerOf: Record<Flag, Actor> = { selected: contractor, installed: client, purchased: client };

const addCommand = (overrides: Partial<Extract<ItemCommand, { type: 'add' }>> = {}): ItemCommand => ({
  type: 'add',
  itemId: 'i1',
  roomId: 'r1',
  category: 'standard',
  name: 'Wall Paint Color',
  itemType: 'single',
  details: '',
  order: 0,
  cabinetDetails: null,
  ...overrides,
});

/** Runs commands in turn, each by its actor, folding the events into the state. */
function run(steps: ReadonlyArray<readonly [ItemCommand, Actor]>, start: ItemState = initialItemState) {
  let state = start;
  const events: ItemEvent[] = [];
  for (const [command, actor] of steps) {
    const turn = decideInTurn(itemDecider, [command], state, actor);
    state = turn.state;
    events.push(...turn.events);
  }
  return { state, events };
}

const anItem = (overrides: Partial<Extract<ItemCommand, { type: 'add' }>> = {}) => run([[addCommand(overrides), contractor]]).state;
const setFlag = (flag: Flag, value = true): readonly [ItemCommand, Actor] => [{ type: 'setFlag', flag, value }, ownerOf[flag]];

const permutations = <T,>(list: readonly T[]): T[][] =>
  list.length <= 1 ? [[...list]] : list.flatMap((head, i) => permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [head, ...rest]));

describe('adding an item', () => {
  it('given the contractor, when adding, then ItemAdded carries the trimmed name and every flag starts false', () => {
    const { state, events } = run([[addCommand({ name: '  Pendant Lights ', category: 'light_fixtures' }), contractor]]);
    expect(events).toEqual([
      { type: 'ItemAdded', data: { itemId: 'i1', roomId: 'r1', category: 'light_fixtures', name: 'Pendant Lights', itemType: 'single', details: '', order: 0, cabinetDetails: null } },
    ]);
    expect(() => itemAdded.schema.parse(events[0]!.data)).not.toThrow();
    expect(state).toMatchObject({ exists: true, name: 'Pendant Lights', selected: false, purchased: false, installed: false, referenceLinks: [] });
    expect(isComplete(state)).toBe(false);
  });

  it('given a client, when adding, then it is forbidden', () => {
    expect(kindOf(() => decideItem(addCommand(), initialItemState, client))).toBe('forbidden');
  });

  it('given a blank name, when adding, then it is invalid', () => {
    expect(errorOf(() => decideItem(addCommand({ name: '   ' }), initialItemState, contractor)).fieldErrors).toHaveProperty('name');
  });

  it('given details over 500 characters, when adding, then it is invalid', () => {
    expect(kindOf(() => decideItem(addCommand({ details: 'x'.repeat(501) }), initialItemState, contractor))).toBe('invalid');
  });

  it('given no item, when changing it, then it is not found; and a deleted item is not found either', () => {
    expect(kindOf(() => decideItem({ type: 'setFlag', flag: 'purchased', value: true }, initialItemState, client))).toBe('not_found');
    const deleted = run([[{ type: 'delete' }, contractor]], anItem()).state;
    expect(kindOf(() => decideItem({ type: 'editDetails', details: 'x' }, deleted, contractor))).toBe('not_found');
  });
});

describe('flags: Selected, Purchased, Installed', () => {
  it.each(permutations(['selected', 'purchased', 'installed'] as const).map((order) => [order.join(' → '), order] as const))(
    'given a new item, when flags are set in the order %s, then it is complete only after the last one',
    (_, order) => {
      let state = anItem();
      order.forEach((flag, i) => {
        state = run([setFlag(flag)], state).state;
        expect(isComplete(state)).toBe(i === order.length - 1);
      });
    },
  );

  it('given a complete item, when any one flag is unset, then it is no longer complete and the other two stay set', () => {
    const complete = run([setFlag('selected'), setFlag('purchased'), setFlag('installed')], anItem()).state;
    for (const flag of ['selected', 'purchased', 'installed'] as const) {
      const state = run([setFlag(flag, false)], complete).state;
      expect(isComplete(state)).toBe(false);
      expect([state.selected, state.purchased, state.installed].filter(Boolean)).toHaveLength(2);
    }
  });

  it('given a client, when setting Selected, then it is forbidden', () => {
    expect(kindOf(() => decideItem({ type: 'setFlag', flag: 'selected', value: true }, anItem(), client))).toBe('forbidden');
  });

  it('given the contractor, when setting Installed, then it is forbidden', () => {
    expect(kindOf(() => decideItem({ type: 'setFlag', flag: 'installed', value: true }, anItem(), contractor))).toBe('forbidden');
  });

  it('given either role, when setting Purchased, then it is recorded', () => {
    for (const actor of [contractor, client]) {
      expect(decideItem({ type: 'setFlag', flag: 'purchased', value: true }, anItem(), actor)).toEqual([{ type: 'ItemFlagSet', data: { flag: 'purchased', value: true } }]);
    }
  });

  it('given each flag field, when evolved, then it lands on its own field', () => {
    expect(run([setFlag('selected')], anItem()).state).toMatchObject({ selected: true, purchased: false, installed: false });
    expect(run([setFlag('installed')], anItem()).state).toMatchObject({ selected: false, purchased: false, installed: true });
    expect(run([setFlag('purchased')], anItem()).state).toMatchObject({ selected: false, purchased: true, installed: false });
  });

  it('completion is all three, for every combination', () => {
    for (const selected of [false, true])
      for (const purchased of [false, true])
        for (const installed of [false, true])
          expect(isComplete({ selected, purchased, installed })).toBe(selected && purchased && installed);
  });
});

describe('counters', () => {
  const zero = { total: 0, completed: 0, selected: 0, installed: 0, purchased: 0 };

  it('given no item, when it is added, then total goes up by one and nothing else', () => {
    expect(countsDelta(initialItemState, anItem())).toEqual({ ...zero, total: 1 });
  });

  it('given flags toggled, when compared, then each flag counter moves and completed moves only on completing or un-completing', () => {
    const before = anItem();
    const selected = run([setFlag('selected')], before).state;
    expect(countsDelta(before, selected)).toEqual({ ...zero, selected: 1 });
    const twoSet = run([setFlag('purchased')], selected).state;
    expect(countsDelta(selected, twoSet)).toEqual({ ...zero, purchased: 1 });
    const complete = run([setFlag('installed')], twoSet).state;
    expect(countsDelta(twoSet, complete)).toEqual({ ...zero, installed: 1, completed: 1 });
    const unpurchased = run([setFlag('purchased', false)], complete).state;
    expect(countsDelta(complete, unpurchased)).toEqual({ ...zero, purchased: -1, completed: -1 });
  });

  it('given a complete item, when it is deleted, then every counter it held goes down', () => {
    const complete = run([setFlag('selected'), setFlag('purchased'), setFlag('installed')], anItem()).state;
    expect(countsOf(complete)).toEqual({ total: 1, completed: 1, selected: 1, installed: 1, purchased: 1 });
    const deleted = run([[{ type: 'delete' }, contractor]], complete).state;
    expect(countsOf(deleted)).toEqual(zero);
    expect(countsDelta(complete, deleted)).toEqual({ total: -1, completed: -1, selected: -1, installed: -1, purchased: -1 });
  });

  it('given a client, when deleting an item, then it is forbidden', () => {
    expect(kindOf(() => decideItem({ type: 'delete' }, anItem(), client))).toBe('forbidden');
  });
});

describe('details', () => {
  it('given 500 characters, when editing, then it is recorded from the old text', () => {
    const text = 'x'.repeat(500);
    expect(decideItem({ type: 'editDetails', details: text }, anItem(), client)).toEqual([{ type: 'ItemDetailsEdited', data: { from: '', to: text } }]);
  });

  it('given 501 characters, when editing, then it is invalid and names details', () => {
    const error = errorOf(() => decideItem({ type: 'editDetails', details: 'x'.repeat(501) }, anItem(), contractor));
    expect(error.kind).toBe('invalid');
    expect(error.fieldErrors).toHaveProperty('details');
  });

  it('given a Backsplash item, when its tile (in the details JSON) is over 300 characters, then it is invalid', () => {
    const backsplash = anItem({ category: 'specific', name: 'Backsplash', details: '{"tile":"","grout":""}' });
    const details = JSON.stringify({ tile: 'x'.repeat(301), grout: '' });
    expect(details.length).toBeLessThanOrEqual(500);
    expect(kindOf(() => decideItem({ type: 'editDetails', details }, backsplash, contractor))).toBe('invalid');
  });
});

describe('reference links and other lists', () => {
  const links = (values: readonly string[], category: ItemCategory = 'standard', actor: Actor = client) =>
    decideItem({ type: 'setList', field: 'referenceLinks', values }, anItem({ category }), actor);

  it('given non-empty distinct links, when saved, then they are recorded', () => {
    expect(links(['https://a.example/tile', 'https://b.example/grout'])).toEqual([
      { type: 'ItemListChanged', data: { field: 'referenceLinks', from: [], to: ['https://a.example/tile', 'https://b.example/grout'] } },
    ]);
  });

  it('given a blank or whitespace entry, when saved, then it is invalid', () => {
    expect(kindOf(() => links(['https://a.example', '']))).toBe('invalid');
    expect(kindOf(() => links(['   ']))).toBe('invalid');
  });

  it('given a duplicate (also after trimming), when saved, then it is invalid', () => {
    expect(kindOf(() => links(['https://a.example', 'https://a.example']))).toBe('invalid');
    expect(kindOf(() => links(['https://a.example', ' https://a.example ']))).toBe('invalid');
  });

  it('given a door_knobs item, when its first two entries (passage and locking counts) are blank or equal, then that is fine', () => {
    expect(links(['', ''], 'door_knobs')).toHaveLength(1);
    expect(links(['4', '4', 'https://knobs.example'], 'door_knobs')).toHaveLength(1);
  });

  it('given a door_knobs item, when a link after the two counts is blank or repeated, then it is invalid', () => {
    expect(kindOf(() => links(['4', '2', ''], 'door_knobs'))).toBe('invalid');
    expect(kindOf(() => links(['4', '2', 'https://k.example', 'https://k.example'], 'door_knobs'))).toBe('invalid');
  });

  it('given reference images, when one is blank, then it is invalid', () => {
    expect(kindOf(() => decideItem({ type: 'setList', field: 'referenceImages', values: ['/objects/a.jpg', ' '] }, anItem(), client))).toBe('invalid');
  });

  const hostile = ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', 'not a url', 'example.com/tile'];

  it('given a link that is not an http(s) URL, when saved in any link list, then it is invalid, naming the field', () => {
    for (const field of ['referenceLinks', 'cabinetLinks'] as const) {
      for (const value of hostile) {
        expect(() => decideItem({ type: 'setList', field, values: [value] }, anItem(), client), `${field} ${value}`).toThrow(
          expect.objectContaining({ kind: 'invalid', fieldErrors: { [field]: [expect.stringMatching(/http or https/)] } }),
        );
      }
    }
  });

  it('given an image that is neither an http(s) URL nor an /objects/ path, when saved, then it is invalid', () => {
    for (const field of ['referenceImages', 'cabinetImages'] as const) {
      for (const value of [...hostile, '/objects/../secret', '/etc/passwd', '//evil.example/x.png']) {
        expect(kindOf(() => decideItem({ type: 'setList', field, values: [value] }, anItem(), client)), `${field} ${value}`).toBe('invalid');
      }
      expect(decideItem({ type: 'setList', field, values: ['/objects/a.jpg', 'https://cdn.example/b.png', 'http://x.example/c.gif'] }, anItem(), client)).toHaveLength(1);
    }
  });

  it('given a door_knobs item, when its two counts are numbers and the rest a URL, then only the rest must be a URL', () => {
    expect(links(['6', '2', 'https://knobs.example'], 'door_knobs')).toHaveLength(1);
    expect(kindOf(() => links(['6', '2', 'javascript:alert(1)'], 'door_knobs'))).toBe('invalid');
    expect(kindOf(() => links(['6', '2', '3'], 'door_knobs'))).toBe('invalid');
  });

  it('given cabinet details whose links or images are not safe, when added or edited, then they are invalid, naming the field', () => {
    expect(() => decideItem({ type: 'editCabinetDetails', cabinetDetails: { styleLinks: ['javascript:alert(1)'] } }, anItem({ itemType: 'cabinet' }), client)).toThrow(
      expect.objectContaining({ kind: 'invalid', fieldErrors: { 'cabinetDetails.styleLinks': [expect.any(String)] } }),
    );
    expect(kindOf(() => decideItem({ type: 'editCabinetDetails', cabinetDetails: { pullsImages: ['data:image/png;base64,AAAA'] } }, anItem({ itemType: 'cabinet' }), client))).toBe('invalid');
    expect(kindOf(() => decideItem(addCommand({ itemType: 'cabinet', cabinetDetails: { woodImages: ['vbscript:x'] } }), initialItemState, contractor))).toBe('invalid');
    expect(decideItem({ type: 'editCabinetDetails', cabinetDetails: { styleLinks: ['https://a.example'], styleImages: ['/objects/s.jpg'] } }, anItem({ itemType: 'cabinet' }), client)).toHaveLength(1);
  });

  it('given an old event whose links are not URLs, when replayed, then the stored schema still takes it (no schema changes in place)', () => {
    expect(cabinetDetailsEdited.schema.safeParse({ from: null, to: { styleLinks: ['javascript:alert(1)'] } }).success).toBe(true);
  });

  it('given saved lists, when evolved, then each list field holds its values', () => {
    const state = run(
      [
        [{ type: 'setList', field: 'referenceLinks', values: ['https://a.example'] }, client],
        [{ type: 'setList', field: 'cabinetImages', values: ['/objects/c.jpg'] }, contractor],
      ],
      anItem(),
    ).state;
    expect(state).toMatchObject({ referenceLinks: ['https://a.example'], cabinetImages: ['/objects/c.jpg'], referenceImages: [], cabinetLinks: [] });
  });
});

describe('cabinet details', () => {
  const cabinet: CabinetDetails = { style: 'Shaker', wood: '', color: '', pulls: '', styleCompleted: true, woodCompleted: false, colorCompleted: false, pullsCompleted: false };

  it('given a field of 300 characters, then the schema accepts it; 301 is rejected, for every text field', () => {
    for (const field of ['style', 'wood', 'color', 'pulls', 'specialFeatures'] as const) {
      expect(cabinetDetailsSchema.safeParse({ [field]: 'x'.repeat(300) }).success).toBe(true);
      expect(cabinetDetailsSchema.safeParse({ [field]: 'x'.repeat(301) }).success).toBe(false);
    }
  });

  it('given an over-long field in an event, then the event schemas reject it too', () => {
    expect(cabinetDetailsEdited.schema.safeParse({ from: null, to: { ...cabinet, wood: 'x'.repeat(301) } }).success).toBe(false);
    expect(
      itemAdded.schema.safeParse({ itemId: 'i', roomId: 'r', category: 'specific', name: 'Cabinets', itemType: 'cabinet', details: '', order: 0, cabinetDetails: { pulls: 'x'.repeat(301) } })
        .success,
    ).toBe(false);
  });

  it('given unknown keys, then the schema rejects them (strict)', () => {
    expect(cabinetDetailsSchema.safeParse({ style: 'Shaker', finish: 'Matte' }).success).toBe(false);
  });

  it('given new cabinet details, when edited, then the change is recorded from the old ones and applied', () => {
    const { state, events } = run([[{ type: 'editCabinetDetails', cabinetDetails: cabinet }, client]], anItem({ itemType: 'cabinet' }));
    expect(events).toEqual([{ type: 'CabinetDetailsEdited', data: { from: null, to: cabinet } }]);
    expect(state.cabinetDetails).toEqual(cabinet);
  });
});

describe('commands that change nothing record nothing', () => {
  it('given an item as it is, when the same flag, details, list or cabinet details are sent, then no event', () => {
    const cabinet: CabinetDetails = { style: 'Shaker', styleCompleted: false };
    const state = run(
      [
        setFlag('selected'),
        [{ type: 'editDetails', details: 'Benjamin Moore OC-17' }, client],
        [{ type: 'setList', field: 'referenceLinks', values: ['https://a.example'] }, client],
        [{ type: 'editCabinetDetails', cabinetDetails: cabinet }, contractor],
      ],
      anItem({ itemType: 'cabinet' }),
    ).state;
    expect(decideItem({ type: 'setFlag', flag: 'selected', value: true }, state, contractor)).toEqual([]);
    expect(decideItem({ type: 'setFlag', flag: 'installed', value: false }, state, client)).toEqual([]);
    expect(decideItem({ type: 'setFlag', flag: 'purchased', value: false }, state, contractor)).toEqual([]);
    expect(decideItem({ type: 'editDetails', details: 'Benjamin Moore OC-17' }, state, contractor)).toEqual([]);
    expect(decideItem({ type: 'setList', field: 'referenceLinks', values: ['https://a.example'] }, state, contractor)).toEqual([]);
    expect(decideItem({ type: 'setList', field: 'referenceImages', values: [] }, state, contractor)).toEqual([]);
    expect(decideItem({ type: 'editCabinetDetails', cabinetDetails: { ...cabinet } }, state, client)).toEqual([]);
  });

  it('given cabinet details, when the same details arrive with keys in another order, then no event', () => {
    const state = run([[{ type: 'editCabinetDetails', cabinetDetails: { style: 'Shaker', wood: 'Oak' } }, contractor]], anItem({ itemType: 'cabinet' })).state;
    expect(decideItem({ type: 'editCabinetDetails', cabinetDetails: { wood: 'Oak', style: 'Shaker' } }, state, contractor)).toEqual([]);
  });
});

describe('limits beyond the details text', () => {
  it('given both backsplash fields at 300 characters, when editing, then it is accepted though the JSON is over 500', () => {
    const backsplash = anItem({ category: 'specific', name: 'Backsplash', details: '{"tile":"","grout":""}' });
    const details = JSON.stringify({ tile: 't'.repeat(300), grout: 'g'.repeat(300) });
    expect(decideItem({ type: 'editDetails', details }, backsplash, contractor)).toHaveLength(1);
  });

  it('given a cabinet field over 300 characters, when editing, then it is invalid and names the field', () => {
    const cabinet = anItem({ itemType: 'cabinet' });
    const error = errorOf(() => decideItem({ type: 'editCabinetDetails', cabinetDetails: { style: 's'.repeat(301) } }, cabinet, contractor));
    expect(error.kind).toBe('invalid');
    expect(error.fieldErrors).toHaveProperty(['cabinetDetails.style']);
  });
});
