import { createHash } from 'node:crypto';
import { canonicalSelection, type Selection } from '../../events/projects/selection';

/** SHA-256 (hex) of a text: the hash an approval records of its selection. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The hash of an item's selection as it is now (events/projects/selection.ts says what is hashed):
 * every read of an item carries it, and an approval or decline sends it back (issue 27).
 */
export const selectionHashOf = (item: Selection): string => sha256(canonicalSelection(item));
