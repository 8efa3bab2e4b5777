import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import * as z from 'zod/mini';
import type { EventDefinition } from './catalogue-machinery';

/**
 * The event schema registry's check (`npm run events:catalogue`): each event type's versions,
 * each version's schema fingerprinted (the SHA-256 of its JSON Schema, keys in canonical order),
 * and its upcasters, as the code has them, against `events/catalogue.json`, the record checked in.
 * A schema changed in place (same version, another fingerprint) or a version gone fails the check:
 * old events in the table were written under the recorded schema and would no longer read. A new
 * version (with its upcaster) or a new type is added to the record with `--write`; an in-place
 * change never is. The code holds only each type's current schema, so an older version's
 * fingerprint is the one recorded while it was current (null: older than the record).
 * JSON Schema does not show custom checks (`z.refine`/`check`) or transforms: a change inside
 * one of those is not seen.
 */

export interface CatalogueEntry {
  /** Version → fingerprint of its schema (null: from before the record was kept). */
  readonly versions: Readonly<Record<string, string | null>>;
  /** The versions that have an upcaster to the next one. */
  readonly upcasters: readonly number[];
}

export interface CatalogueRecord {
  readonly about?: string;
  readonly events: Readonly<Record<string, CatalogueEntry>>;
}

export const fingerprintOf = (schema: z.ZodMiniType): string =>
  createHash('sha256')
    .update(canonicalize(z.toJSONSchema(schema, { unrepresentable: 'any' })) ?? '')
    .digest('hex')
    .slice(0, 32);

const upcastersOf = (definition: EventDefinition) =>
  Object.keys(definition.upcasters)
    .map(Number)
    .sort((a, b) => a - b);

/** What the code says now: every type with its current version's fingerprint and its upcasters. */
export function currentCatalogue(definitions: readonly EventDefinition[]): Map<string, { schemaVersion: number; fingerprint: string; upcasters: number[] }> {
  return new Map(
    [...definitions]
      .sort((a, b) => a.type.localeCompare(b.type))
      .map((definition) => [definition.type, { schemaVersion: definition.schemaVersion, fingerprint: fingerprintOf(definition.schema), upcasters: upcastersOf(definition) }]),
  );
}

export interface CatalogueCheck {
  /** Changes that break old events: a schema changed in place, a version or type gone, an upcaster missing. */
  readonly broken: string[];
  /** What the record lacks and `--write` adds: a new version, a new type. */
  readonly unrecorded: string[];
}

export function checkCatalogue(definitions: readonly EventDefinition[], record: CatalogueRecord): CatalogueCheck {
  const broken: string[] = [];
  const unrecorded: string[] = [];
  const current = currentCatalogue(definitions);
  const byType = new Map<string, EventDefinition>();
  for (const definition of definitions) {
    const other = byType.get(definition.type);
    // One definition may be listed twice (an item's photo is also the project's event); two different ones may not.
    if (other && other !== definition) broken.push(`${definition.type} is defined twice: one type, one definition`);
    byType.set(definition.type, definition);
  }
  for (const [type, entry] of Object.entries(record.events)) {
    const now = current.get(type);
    const recorded = Object.keys(entry.versions).map(Number);
    const newest = Math.max(...recorded);
    if (!now) {
      broken.push(`${type} has disappeared: events of it are in the table (v${recorded.join(', v')}); keep its definition`);
      continue;
    }
    if (now.schemaVersion < newest) broken.push(`${type} v${newest} has disappeared: the code is at v${now.schemaVersion}, events of v${newest} may be in the table`);
    const fingerprint = entry.versions[String(now.schemaVersion)];
    if (fingerprint && fingerprint !== now.fingerprint) {
      broken.push(`${type} v${now.schemaVersion} changed in place (its schema is not the one recorded): put the old schema back and add v${now.schemaVersion + 1} with an upcaster from v${now.schemaVersion}`);
    }
    if (now.schemaVersion > newest) unrecorded.push(`${type} v${now.schemaVersion} is new`);
  }
  for (const [type, now] of current) {
    for (let version = 1; version < now.schemaVersion; version++) {
      if (!now.upcasters.includes(version)) broken.push(`${type} v${version} has no upcaster to v${version + 1}: its events could not be read`);
    }
    if (!record.events[type]) unrecorded.push(`${type} is new (v${now.schemaVersion})`);
  }
  return { broken, unrecorded };
}

/** The record with what the code added (new versions, new types); refuses when something broke. */
export function updatedCatalogue(definitions: readonly EventDefinition[], record: CatalogueRecord): CatalogueRecord {
  const { broken } = checkCatalogue(definitions, record);
  if (broken.length) throw new Error(`events/catalogue.json is not updated over a breaking change:\n${broken.map((line) => `  ${line}`).join('\n')}`);
  const events: Record<string, CatalogueEntry> = {};
  for (const [type, now] of currentCatalogue(definitions)) {
    const versions: Record<string, string | null> = {};
    for (let version = 1; version <= now.schemaVersion; version++) versions[String(version)] = record.events[type]?.versions[String(version)] ?? null;
    versions[String(now.schemaVersion)] = now.fingerprint;
    events[type] = { versions, upcasters: now.upcasters };
  }
  return { about: record.about ?? catalogueAbout, events };
}

export const catalogueAbout =
  'Every event type, its schema versions (fingerprint of each schema: SHA-256 of its JSON Schema) and the versions with an upcaster. Written by npm run events:catalogue -- --write; checked by -- --check and a unit test. Never edit a fingerprint by hand: a schema changes by a new version.';
