import { describe, expect, it } from 'vitest';
import { decideInTurn, type Actor } from '../decider';
import { errorOf } from '../../tests/support/domain-errors';
import type { Markup } from '../uploads/markup';
import { itemDecider, initialItemState, type ItemCommand, type ItemState } from './item';
import { notThisItemsPhoto, uploadedPhotosOf } from './item-photos';

/** Issue 30: markup over an item's photos and before / after pairs, decided as item data. */

const contractor: Actor = { userId: 'contractor-1', role: 'contractor' };
const client: Actor = { userId: 'client-1', role: 'client' };
const [a, b, c] = ['/objects/aaaa.jpg', '/objects/bbbb.jpg', '/objects/cccc.webp'];
const arrow: Markup = { shapes: [{ kind: 'arrow', x1: 0.1, y1: 0.1, x2: 0.5, y2: 0.5, color: '#ff0000', width: 0.01 }] };
const label: Markup = { shapes: [{ kind: 'text', x: 0.2, y: 0.8, text: 'Scratch was here', color: '#ffffff', size: 0.04 }] };

const withPhotos: ItemState = {
  ...initialItemState,
  exists: true,
  itemId: 'i1',
  roomId: 'r1',
  referenceImages: [a, 'https://example.com/tile.png'],
  cabinetImages: [c],
  cabinetDetails: { styleImages: [b] },
};

const given = (state: ItemState, commands: ItemCommand[], actor: Actor = contractor) => decideInTurn(itemDecider, commands, state, actor);

describe("an item's photos", () => {
  it('are its uploaded images: references, cabinet parts and cabinet images, not external links', () => {
    expect(uploadedPhotosOf(withPhotos)).toEqual([a, b, c]);
  });
});

describe('markup', () => {
  it('given a photo of the item, when either person marks it up, then PhotoMarkupSet from none to the markup', () => {
    const { events, state } = given(withPhotos, [{ type: 'setPhotoMarkup', objectPath: a, markup: arrow }], client);
    expect(events).toEqual([{ type: 'PhotoMarkupSet', data: { objectPath: a, from: null, to: arrow } }]);
    expect(state.photoMarkup).toEqual({ [a]: arrow });
  });

  it('when changed, then from the old markup to the new; when removed, then to null and the key is gone', () => {
    const marked = given(withPhotos, [{ type: 'setPhotoMarkup', objectPath: a, markup: arrow }]).state;
    const changed = given(marked, [{ type: 'setPhotoMarkup', objectPath: a, markup: label }]);
    expect(changed.events).toEqual([{ type: 'PhotoMarkupSet', data: { objectPath: a, from: arrow, to: label } }]);
    const removed = given(changed.state, [{ type: 'setPhotoMarkup', objectPath: a, markup: null }]);
    expect(removed.events).toEqual([{ type: 'PhotoMarkupSet', data: { objectPath: a, from: label, to: null } }]);
    expect(removed.state.photoMarkup).toEqual({});
  });

  it('when set to what it is, then nothing happens', () => {
    const marked = given(withPhotos, [{ type: 'setPhotoMarkup', objectPath: a, markup: arrow }]).state;
    expect(given(marked, [{ type: 'setPhotoMarkup', objectPath: a, markup: arrow }]).events).toEqual([]);
  });

  it('when it names a photo the item does not have, or an external link, then 400 naming photoMarkup.objectPath', () => {
    for (const objectPath of ['/objects/other.jpg', 'https://example.com/tile.png']) {
      expect(errorOf(() => given(withPhotos, [{ type: 'setPhotoMarkup', objectPath, markup: arrow }]))).toMatchObject({ kind: 'invalid', fieldErrors: { 'photoMarkup.objectPath': [notThisItemsPhoto] } });
    }
  });

  it('given someone else changed the markup since the editor saw it, when edited against the old base, then a conflict', () => {
    const marked = given(withPhotos, [{ type: 'setPhotoMarkup', objectPath: a, markup: arrow }]).state;
    expect(errorOf(() => given(marked, [{ type: 'setPhotoMarkup', objectPath: a, markup: label, base: null }]))).toMatchObject({ kind: 'conflict', fieldErrors: { photoMarkup: [expect.any(String)] } });
    // Against the markup as it is: applies.
    expect(given(marked, [{ type: 'setPhotoMarkup', objectPath: a, markup: label, base: arrow }]).events).toHaveLength(1);
  });
});

describe('before / after pairs', () => {
  it('when two photos of the item are paired, then PhotoPairsChanged with the whole list', () => {
    const { events, state } = given(withPhotos, [{ type: 'setPhotoPairs', pairs: [{ before: a, after: b }] }]);
    expect(events).toEqual([{ type: 'PhotoPairsChanged', data: { from: [], to: [{ before: a, after: b }] } }]);
    expect(state.photoPairs).toEqual([{ before: a, after: b }]);
    expect(given(state, [{ type: 'setPhotoPairs', pairs: [{ before: a, after: b }] }]).events).toEqual([]);
  });

  it.each([
    ['a photo not of the item', [{ before: a, after: '/objects/other.jpg' }], 'photoPairs.0.after'],
    ['a photo paired with itself', [{ before: a, after: a }], 'photoPairs.0.after'],
    ['the same pair twice', [{ before: a, after: b }, { before: a, after: b }], 'photoPairs.1'],
  ])('refuses %s, naming the field', (_, pairs, field) => {
    expect(errorOf(() => given(withPhotos, [{ type: 'setPhotoPairs', pairs }]))).toMatchObject({ kind: 'invalid', fieldErrors: { [field]: [expect.any(String)] } });
  });
});
