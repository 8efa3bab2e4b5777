import * as z from 'zod/mini';

/**
 * The shapes of the ids this app mints, checked by the schema wherever the API takes one (path or
 * body): projects, rooms, items and users are `randomUUID()` (lower-case UUIDs); chat messages and
 * events are ULIDs. A malformed id answers 400 naming its field before anything is looked up; a
 * well-formed id nobody may see (unknown, or another tenant's) still answers 404.
 *
 * @example
 * const params = z.object({ id: uuid('id') });
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

/** Anything longer is no id of ours, whatever its shape: said as such before the shape is checked. */
export const MAX_ID_LENGTH = 100;

export const isUuid = (value: string): boolean => UUID.test(value);
export const isUlid = (value: string): boolean => ULID.test(value);

function idOf(field: string, shape: RegExp) {
  return z.string(`${field} is required`).check((ctx) => {
    const value = ctx.value;
    if (!value) ctx.issues.push({ code: 'custom', message: `${field} is required`, input: value });
    else if (value.length > MAX_ID_LENGTH) ctx.issues.push({ code: 'custom', message: `${field} is too long`, input: value });
    else if (!shape.test(value)) ctx.issues.push({ code: 'custom', message: `${field} is not a valid id`, input: value });
  });
}

/** A project, room, item or user id. */
export const uuid = (field: string) => idOf(field, UUID);

/** A chat message id. */
export const ulid = (field: string) => idOf(field, ULID);
