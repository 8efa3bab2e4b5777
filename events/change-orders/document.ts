import canonicalize from 'canonicalize';
import type { ChangeOrderDocument } from './events';

/**
 * The change order as the client is shown it and signs it (issue 30): its id, project, terms,
 * the items it touches by the names shown, and the stream version they were read at. The
 * signature records this document and the SHA-256 of its canonical JSON (RFC 8785); anyone
 * holding the event can hash the document again (events/audit-verification.ts does).
 */

/** The exact text that is hashed. */
export const canonicalDocument = (document: ChangeOrderDocument): string => canonicalize(document) ?? '';

/**
 * SHA-256 (hex) of a text. Passed in by the server (node:crypto): this module is shared with the
 * browser, which has no synchronous SHA-256.
 */
export type Sha256 = (text: string) => string;

export const documentHashOf = (document: ChangeOrderDocument, sha256: Sha256): string => sha256(canonicalDocument(document));
