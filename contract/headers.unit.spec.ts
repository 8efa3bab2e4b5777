import { describe, expect, it } from 'vitest';
import { parseBaseVersion, parseDeviceTime } from './headers';

/** Field mode's headers (issue 29): what the server records, and what it refuses. */

describe('Device-Time', () => {
  it('given an ISO 8601 instant with its zone, then it is the same instant in UTC', () => {
    expect(parseDeviceTime('2026-11-26T21:00:00.000Z')).toBe('2026-11-26T21:00:00.000Z');
    expect(parseDeviceTime('2026-11-26T22:00:00+01:00')).toBe('2026-11-26T21:00:00.000Z');
    expect(parseDeviceTime('2026-11-26T21:00Z')).toBe('2026-11-26T21:00:00.000Z');
  });

  it('given no zone, no real day, another format or a year outside 2000 to 2100, then it is none', () => {
    for (const value of ['2026-11-26T21:00:00', '2026-02-30T10:00:00Z', '2026-11-26T24:00:00Z', '1999-12-31T23:59:59Z', '2101-01-01T00:00:00Z', 'yesterday', '1764190800000', '']) {
      expect(parseDeviceTime(value), value).toBeUndefined();
    }
    expect(parseDeviceTime('2100-12-31T23:59:59.999Z')).toBe('2100-12-31T23:59:59.999Z');
  });
});

describe('Base-Version', () => {
  it('given a whole number from 0 to 10^9, then that number; else none', () => {
    expect(parseBaseVersion('0')).toBe(0);
    expect(parseBaseVersion('1000000000')).toBe(1_000_000_000);
    for (const value of ['1000000001', '-1', '1.5', '1e3', 'seven', '']) expect(parseBaseVersion(value), value).toBeUndefined();
  });
});
