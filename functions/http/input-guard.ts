import { DomainError } from '../../events/errors';

/**
 * The shape every request must have before any schema sees it, whatever the route: checked once
 * in the handler toolkit on the JSON body, the path parameters and the query. The route's zod
 * schema then says what each field may be (its own, smaller length limits); this guard only makes
 * sure nothing hostile reaches a schema, a log line or DynamoDB:
 *
 * - JSON nested deeper than {@link MAX_JSON_DEPTH} containers → 400 naming `body`;
 * - a string (a value or an object key) with a control character (C0 except tab, line feed and
 *   carriage return; DEL) → 400 naming the field (`details`, `cabinetDetails.style`, path `id`);
 * - a string that is not well-formed Unicode (a lone UTF-16 surrogate, which JSON's `\ud800`
 *   can carry and which no hash, canonical form or UTF-8 encoder will take) → 400 naming the field;
 * - a string longer than {@link MAX_STRING_LENGTH} (path parameters: {@link MAX_PATH_PARAM_LENGTH},
 *   they are ids and DynamoDB keys) → 400 naming the field;
 * - an object with more than {@link MAX_OBJECT_KEYS} keys or an array with more than
 *   {@link MAX_ARRAY_ENTRIES} entries → 400 naming the field.
 *
 * A failure is a DomainError('invalid') with `fieldErrors`, the same answer as a schema failure.
 *
 * @example
 * guardJson(JSON.parse(text)); // throws 400 `cabinetDetails.style: must not contain control characters`
 */

export const MAX_JSON_DEPTH = 16;
export const MAX_STRING_LENGTH = 10_000;
export const MAX_PATH_PARAM_LENGTH = 200;
export const MAX_QUERY_VALUE_LENGTH = 2_000;
export const MAX_OBJECT_KEYS = 100;
export const MAX_ARRAY_ENTRIES = 1_000;

// C0 controls except \t (09), \n (0a), \r (0d); and DEL (7f).
const CONTROL_CHARACTER = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const LONE_SURROGATE_MESSAGE = 'must be valid Unicode text';

function invalid(field: string, message: string): never {
  throw new DomainError('invalid', `${field}: ${message}`, { [field]: [message] });
}

/** A key as it may appear in a message: control characters shown as \u escapes, long keys cut. */
const printable = (key: string) =>
  (key.length > 40 ? `${key.slice(0, 40)}…` : key).replace(/[\x00-\x1f\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function checkString(field: string, value: string, maxLength: number) {
  if (value.length > maxLength) invalid(field, `must be at most ${maxLength} characters`);
  if (CONTROL_CHARACTER.test(value)) invalid(field, CONTROL_CHARACTER_MESSAGE);
  if (LONE_SURROGATE.test(value)) invalid(field, LONE_SURROGATE_MESSAGE);
}

/** Checks a parsed JSON body; `field` names the root in messages (`body`). */
export function guardJson(value: unknown, root = 'body'): void {
  walk(value, [], 0, root);
}

function walk(value: unknown, path: string[], depth: number, root: string): void {
  const field = path.length ? path.join('.') : root;
  if (typeof value === 'string') return checkString(field, value, MAX_STRING_LENGTH);
  if (typeof value !== 'object' || value === null) return;
  if (depth + 1 > MAX_JSON_DEPTH) invalid(root, `must not be nested more than ${MAX_JSON_DEPTH} levels deep`);
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_ENTRIES) invalid(field, `must have at most ${MAX_ARRAY_ENTRIES} entries`);
    value.forEach((entry, index) => walk(entry, [...path, String(index)], depth + 1, root));
    return;
  }
  const keys = Object.keys(value);
  if (keys.length > MAX_OBJECT_KEYS) invalid(field, `must have at most ${MAX_OBJECT_KEYS} keys`);
  for (const key of keys) {
    const keyField = [...path, printable(key)].join('.');
    if (key.length > MAX_STRING_LENGTH) invalid(keyField, `name must be at most ${MAX_STRING_LENGTH} characters`);
    if (CONTROL_CHARACTER.test(key)) invalid(keyField, `name ${CONTROL_CHARACTER_MESSAGE}`);
    if (LONE_SURROGATE.test(key)) invalid(keyField.replace(LONE_SURROGATE, '\ufffd'), `name ${LONE_SURROGATE_MESSAGE}`);
    walk((value as Record<string, unknown>)[key], [...path, key], depth + 1, root);
  }
}

/** Path parameters (ids): short, no control characters. Named by the parameter (`id`). */
export function guardPathParameters(params: Record<string, string | undefined> | undefined): void {
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined) checkString(printable(name), value, MAX_PATH_PARAM_LENGTH);
  }
}

/** Query parameters: names and values, named by the parameter. */
export function guardQuery(query: Record<string, string | undefined> | undefined): void {
  const entries = Object.entries(query ?? {});
  if (entries.length > MAX_OBJECT_KEYS) invalid('query', `must have at most ${MAX_OBJECT_KEYS} parameters`);
  for (const [name, value] of entries) {
    const field = printable(name);
    if (name.length > MAX_PATH_PARAM_LENGTH) invalid(field, `name must be at most ${MAX_PATH_PARAM_LENGTH} characters`);
    if (CONTROL_CHARACTER.test(name)) invalid(field, `name ${CONTROL_CHARACTER_MESSAGE}`);
    if (LONE_SURROGATE.test(name)) invalid('query', `parameter names ${LONE_SURROGATE_MESSAGE}`);
    if (value !== undefined) checkString(field, value, MAX_QUERY_VALUE_LENGTH);
  }
}

/**
 * State-changing requests take JSON only. A browser lets any site send a "simple" cross-site
 * request (text/plain, form-encoded or multipart body, with our cookies) without asking us first;
 * refusing every other content type, before anything else runs, makes such a request change
 * nothing. A request with neither body nor content type (logout, upload request) is fine.
 * Returns the refusal's message (answered with 415), or undefined when the request may go on.
 */
export function refuseContentType(contentType: string | undefined, hasBody: boolean): string | undefined {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!mediaType && !hasBody) return undefined;
  if (mediaType === 'application/json') return undefined;
  return mediaType
    ? `Content-Type ${printable(mediaType.slice(0, 100))} is not accepted: send the body as application/json`
    : 'A request body needs Content-Type: application/json';
}
