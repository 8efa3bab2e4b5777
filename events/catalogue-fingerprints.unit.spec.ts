import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { defineEvent } from './catalogue-machinery';
import { checkCatalogue, updatedCatalogue, type CatalogueRecord } from './catalogue-fingerprints';
import { eventDefinitions } from './registered-events';

/**
 * The event schema registry: CI fails when an event's schema is changed in place or a version
 * disappears (events already in the table were written under it), and when a new version or type
 * is not recorded yet (`npm run events:catalogue -- --write`).
 */

const recorded = JSON.parse(readFileSync(new URL('./catalogue.json', import.meta.url), 'utf8')) as CatalogueRecord;

describe('the event catalogue', () => {
  it('matches events/catalogue.json: no schema changed in place, no version gone, nothing unrecorded', () => {
    const { broken, unrecorded } = checkCatalogue(eventDefinitions, recorded);
    expect(broken, 'a schema never changes in place: add a version with an upcaster').toEqual([]);
    expect(unrecorded, 'record new versions and types: npm run events:catalogue -- --write').toEqual([]);
  });

  describe('given a recorded catalogue', () => {
    const v1 = defineEvent('NoteAdded', { schemaVersion: 1, schema: () => z.object({ text: z.string() }) });
    const record = updatedCatalogue([v1], { events: {} });

    it('fails a schema changed in place, naming the type and what to do instead', () => {
      const edited = defineEvent('NoteAdded', { schemaVersion: 1, schema: () => z.object({ text: z.string(), pinned: z.boolean() }) });
      expect(checkCatalogue([edited], record).broken).toEqual([
        'NoteAdded v1 changed in place (its schema is not the one recorded): put the old schema back and add v2 with an upcaster from v1',
      ]);
      expect(() => updatedCatalogue([edited], record)).toThrow('is not updated over a breaking change');
    });

    it('records a new version with its upcaster, keeping the old version’s fingerprint', () => {
      const v2 = defineEvent('NoteAdded', { schemaVersion: 2, schema: () => z.object({ text: z.string(), pinned: z.boolean() }), upcasters: { 1: (data) => ({ ...(data as object), pinned: false }) } });
      expect(checkCatalogue([v2], record)).toEqual({ broken: [], unrecorded: ['NoteAdded v2 is new'] });
      const next = updatedCatalogue([v2], record);
      expect(next.events.NoteAdded).toEqual({ versions: { '1': record.events.NoteAdded!.versions['1'], '2': expect.stringMatching(/^[0-9a-f]{32}$/) }, upcasters: [1] });
      expect(checkCatalogue([v2], next)).toEqual({ broken: [], unrecorded: [] });
      // Then going back to v1, or dropping the type, is a version gone.
      expect(checkCatalogue([v1], next).broken).toEqual(['NoteAdded v2 has disappeared: the code is at v1, events of v2 may be in the table']);
      expect(checkCatalogue([], next).broken).toEqual(['NoteAdded has disappeared: events of it are in the table (v1, v2); keep its definition']);
    });

    it('fails a new version without an upcaster from the one before', () => {
      const v2 = defineEvent('NoteAdded', { schemaVersion: 2, schema: () => z.object({ text: z.string(), pinned: z.boolean() }) });
      expect(checkCatalogue([v2], record).broken).toEqual(['NoteAdded v1 has no upcaster to v2: its events could not be read']);
    });
  });
});
