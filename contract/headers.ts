/**
 * The request headers of field mode (issue 29), sent by the app's outbox with every write and
 * read by the server once (functions/http/handler.ts):
 *
 * - `Idempotency-Key`: a ULID per command; the server keeps the first answer 8 days
 *   (`IDEMPOTENCY_RETENTION_DAYS`) and answers a replay with it, appending nothing twice.
 * - `Device-Time`: the device's clock when the person made the change, an ISO 8601 instant with
 *   its zone (`2026-11-26T21:00:00.000Z`), years 2000 to 2100. Recorded as the events' `deviceTime`.
 * - `Base-Version`: the item's `version` the change was made against, an integer 0 to 10^9.
 *   Recorded as the events' `baseVersion`.
 *
 * A malformed one answers 400 with `fieldErrors` naming the header, and nothing changes.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const DEVICE_TIME_HEADER = 'Device-Time';
export const BASE_VERSION_HEADER = 'Base-Version';

/** A week offline, and a day to spare. */
export const IDEMPOTENCY_RETENTION_DAYS = 8;

export const DEVICE_TIME_MESSAGE = 'must be an ISO 8601 date and time with its zone, e.g. 2026-11-26T21:00:00.000Z, in the years 2000 to 2100';
export const BASE_VERSION_MESSAGE = 'must be a whole number from 0 to 1000000000';

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;
const EARLIEST = Date.UTC(2000, 0, 1);
const AFTER_LATEST = Date.UTC(2101, 0, 1);

/** A Device-Time value as a UTC instant (`toISOString`), or undefined when it is not one. */
export function parseDeviceTime(value: string): string | undefined {
  const match = INSTANT.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second = 0, offsetHours = 0, offsetMinutes = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  // Date.parse rolls 30 February over to March: the calendar is checked here.
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  if (!realDay || hour! > 23 || minute! > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return undefined;
  const time = Date.parse(value.trim());
  if (Number.isNaN(time) || time < EARLIEST || time >= AFTER_LATEST) return undefined;
  return new Date(time).toISOString();
}

/** A Base-Version value as a number, or undefined when it is not one. */
export function parseBaseVersion(value: string): number | undefined {
  if (!/^\d{1,10}$/.test(value.trim())) return undefined;
  const version = Number(value.trim());
  return version <= 1_000_000_000 ? version : undefined;
}
