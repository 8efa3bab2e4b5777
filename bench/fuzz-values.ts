/**
 * The fuzz bench's values (bench/fuzz.bench.ts): a seeded random source, so that a run can be
 * repeated (FUZZ_SEED), and the generators of hostile and arbitrary bodies, path ids and query strings.
 */
import { randomUUID } from 'node:crypto';

/** The run's seed: FUZZ_SEED, or one from the clock (printed, to repeat the run). */
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
let seed = fuzzSeed;

// --- a small seeded PRNG (mulberry32), so a run can be repeated -------------------------------
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number) => Math.floor(random() * n);
export const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
export const chance = (p: number) => random() < p;

// --- generators ---------------------------------------------------------------------------------
const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f'];
const FIELD_NAMES = ['name', 'email', 'password', 'projectId', 'roomId', 'message', 'details', 'cabinetDetails', 'referenceLinks', 'token', 'status', 'customName', 'type', 'category', 'userType', 'allowance', 'cost', 'decideBy', 'leadTimeDays', 'reason', '__proto__', 'constructor', ''];

function randomString(): string {
  switch (int(9)) {
    case 0: return '';
    case 1: return 'x'.repeat(int(5000));
    case 2: return '🧱'.repeat(int(300));
    case 3: return '\ud800lone surrogate';
    case 4: return "'; DROP TABLE events; --";
    case 5: return '<script>alert(1)</script>';
    case 6: return 'javascript:alert(1)';
    case 7: return '../../etc/passwd';
    default: return randomUUID();
  }
}

function randomValue(depth = 0): unknown {
  switch (int(depth > 3 ? 6 : 9)) {
    case 0: return null;
    case 1: return chance(0.5);
    case 2: return pick([0, -1, 1e308, -1e308, 3.14, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER]);
    case 3: case 4: case 5: return randomString();
    case 6: return Array.from({ length: int(5) }, () => randomValue(depth + 1));
    default: return Object.fromEntries(Array.from({ length: int(5) }, () => [pick(FIELD_NAMES), randomValue(depth + 1)]));
  }
}

/** A body that breaks a rule of the guard every route has (so it must never be accepted). */
export function hostile(base: Record<string, unknown>): { body: unknown; kind: string } {
  const key = pick(Object.keys(base).length ? Object.keys(base) : FIELD_NAMES);
  switch (int(5)) {
    case 0: return { body: { ...base, [key]: `a${pick(CONTROL)}b` }, kind: 'control character in a value' };
    case 1: return { body: { ...base, [`k${pick(CONTROL)}`]: 'x' }, kind: 'control character in a key' };
    case 2: return { body: { ...base, [key]: 'x'.repeat(10_001 + int(5000)) }, kind: 'oversized string' };
    case 3: {
      let nested: unknown = 'x';
      for (let i = 0; i < 17 + int(200); i++) nested = chance(0.5) ? [nested] : { a: nested };
      return { body: { ...base, [key]: nested }, kind: 'deep nesting' };
    }
    default: return { body: Object.fromEntries(Array.from({ length: 101 + int(200) }, (_, i) => [`k${i}`, i])), kind: 'too many keys' };
  }
}

/** A body that may or may not be valid (random, wrong-typed, a mutated valid one, not JSON). */
export function arbitrary(base: Record<string, unknown>): { raw?: Buffer; body?: unknown } {
  switch (int(6)) {
    case 0: return { body: pick([42, 'text', [], null, true, [base]]) };
    case 1: return { raw: Buffer.from(pick(['{', '{"a":', 'null null', '\u0000', '{"a":1}}', '[' .repeat(5000)])) };
    case 2: return { body: randomValue() };
    case 3: return { body: Object.fromEntries(Object.entries(base).map(([k, v]) => [k, chance(0.5) ? randomValue(1) : v])) };
    case 4: return { body: { ...base, [pick(FIELD_NAMES)]: randomValue(1) } };
    default: return { body: base };
  }
}

export function pathId(real: string): { value: string; invalid?: string; unknown?: boolean } {
  switch (int(10)) {
    case 0: return { value: encode(`a${pick(CONTROL)}b`), invalid: 'control character in the path' };
    case 1: return { value: 'a'.repeat(201 + int(3000)), invalid: 'oversized path id' };
    case 2: return { value: randomUUID(), unknown: true };
    case 3: return { value: encode(randomString().slice(0, 150)) || 'x', unknown: true };
    case 4: return { value: pick(['..', '%2e%2e', '%2F', '%25', 'null', 'undefined', '0', '-1', '__proto__']), unknown: true };
    default: return { value: real };
  }
}

export function query(): { value: string; invalid?: string } {
  switch (int(8)) {
    case 0: return { value: `?before=${encode(pick(CONTROL))}`, invalid: 'control character in the query' };
    case 1: return { value: `?q=${'z'.repeat(2001 + int(3000))}`, invalid: 'oversized query value' };
    case 2: return { value: `?${Array.from({ length: 101 }, (_, i) => `p${i}=1`).join('&')}`, invalid: 'too many query parameters' };
    case 3: return { value: `?limit=-1&before=${encode(randomString().slice(0, 100))}&limit=x` };
    default: return { value: '' };
  }
}

/** Percent-encodes; a lone surrogate becomes the raw bytes of one (malformed UTF-8 on the wire). */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

export const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', ''];
