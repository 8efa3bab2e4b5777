import * as z from 'zod/mini';
import { defineEvent, EventCatalogue } from '../../events/catalogue-machinery';

/**
 * A tiny event catalogue for testing the store's machinery, in two generations: v1 code wrote
 * `NoteAdded { text }`; v2 code stores `{ text, pinned }` and upcasts v1 on read.
 */

export const noteAddedV1 = defineEvent('NoteAdded', {
  schemaVersion: 1,
  schema: () => z.object({ text: z.string() }),
});

export const noteAddedV2 = defineEvent('NoteAdded', {
  schemaVersion: 2,
  schema: () => z.object({ text: z.string(), pinned: z.boolean() }),
  upcasters: { 1: (data) => ({ ...(data as { text: string }), pinned: false }) },
});

export const catalogueV1 = new EventCatalogue([noteAddedV1]);
export const catalogueV2 = new EventCatalogue([noteAddedV2]);

export const note = (text: string, pinned = false) => ({ type: 'NoteAdded', data: { text, pinned } }) as const;
