import canonicalize from 'canonicalize';
import type { ItemState } from './item-state';

/**
 * What a client approves (issue 18): the item's selection. One place says which of an item's
 * fields it is; an approval records it with the SHA-256 of its canonical JSON (RFC 8785), and a
 * change to any of these fields voids the approval. Flags are progress, not the selection.
 */

export const selectionFields = ['details', 'cabinetDetails', 'referenceLinks', 'referenceImages', 'cabinetLinks', 'cabinetImages', 'allowance', 'cost'] as const;
export type SelectionField = (typeof selectionFields)[number];

/** The selection's fields, typed as the item's state holds them. */
export type Selection = Pick<ItemState, SelectionField>;

export const isSelectionField = (field: string): field is SelectionField => (selectionFields as readonly string[]).includes(field);

/** The selection of an item (any shape holding its fields), and nothing else. */
export function selectionOf(item: Selection): Selection {
  return Object.fromEntries(selectionFields.map((field) => [field, item[field] ?? null])) as unknown as Selection;
}

/** The exact text that is hashed: canonical JSON of the selection. */
export const canonicalSelection = (item: Selection): string => canonicalize(selectionOf(item)) ?? '';

/**
 * SHA-256 (hex) of a text. Passed in by the server (node:crypto): this module is shared with the
 * browser, which has no synchronous SHA-256.
 */
export type Sha256 = (text: string) => string;
