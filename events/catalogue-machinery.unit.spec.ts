import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from './envelope';
import { defineEvent, EventCatalogue } from './catalogue-machinery';

/** Given an event written under an old schema, when it is read by newer code, then it is upcast step by step. */

const roomRenamed = defineEvent('RoomRenamed', {
  schemaVersion: 3,
  schema: () => z.object({ roomId: z.string(), customName: z.nullable(z.string()), previousName: z.nullable(z.string()) }),
  upcasters: {
    1: (data) => ({ roomId: (data as { id: string }).id, customName: (data as { name: string }).name }),
    2: (data) => ({ ...(data as object), previousName: null }),
  },
});
const catalogue = new EventCatalogue([roomRenamed]);

const stored = (schemaVersion: number, data: unknown) =>
  ({ type: 'RoomRenamed', schemaVersion, data, streamId: 'project#1', version: 1 }) as unknown as StoredEvent;

describe('event catalogue', () => {
  it('upcasts a v1 event through every version to the current one', () => {
    expect(catalogue.upcast(stored(1, { id: 'r1', name: 'Bedroom 2' }))).toMatchObject({
      schemaVersion: 3,
      data: { roomId: 'r1', customName: 'Bedroom 2', previousName: null },
    });
  });

  it('leaves a current event as it is', () => {
    const event = stored(3, { roomId: 'r1', customName: null, previousName: 'Kitchen' });
    expect(catalogue.upcast(event)).toBe(event);
  });

  it('refuses an event from newer code than it knows', () => {
    expect(() => catalogue.upcast(stored(4, {}))).toThrow('newer than this code');
  });

  it('stores new events under the current version and rejects data its schema does not allow', () => {
    expect(catalogue.prepare({ type: 'RoomRenamed', data: { roomId: 'r1', customName: 'Den', previousName: null } })).toEqual({
      schemaVersion: 3,
      data: { roomId: 'r1', customName: 'Den', previousName: null },
    });
    expect(() => catalogue.prepare({ type: 'RoomRenamed', data: { roomId: 1 } })).toThrow('does not match its schema');
    expect(() => catalogue.prepare({ type: 'Unheard', data: {} })).toThrow('Unknown event type');
  });
});
