import { describe, expect, it } from 'vitest';
import { DomainError } from '../../events/errors';
import { guardJson, guardPathParameters, guardQuery, MAX_JSON_DEPTH, refuseContentType } from './input-guard';

/** The hostile-input guard on its own (the handler toolkit's use of it: tests/integration/http-handler.int.spec.ts). */

const fieldErrorsOf = (run: () => void): Record<string, string[]> | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    return (error as DomainError).fieldErrors;
  }
};

describe('guardJson', () => {
  it('passes ordinary JSON, tabs and line breaks, emoji, and nesting up to the limit', () => {
    let nested: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) nested = { a: nested }; // + the body itself: 16 levels
    expect(fieldErrorsOf(() => guardJson({ text: 'a\tb\nc\r\n🧱', n: 1, list: [null, true], nested }))).toBeUndefined();
  });

  it.each([
    ['NUL in a value', { details: 'a\u0000b' }, { details: ['must not contain control characters'] }],
    ['a control character nested', { cabinetDetails: { style: 'x\u001f' } }, { 'cabinetDetails.style': ['must not contain control characters'] }],
    ['DEL in an array entry', { links: ['ok', 'del\u007f'] }, { 'links.1': ['must not contain control characters'] }],
    ['a control character in a key', { 'k\u0002': 1 }, { 'k\\u0002': ['name must not contain control characters'] }],
    ['a string over 10 000 characters', { note: 'x'.repeat(10_001) }, { note: ['must be at most 10000 characters'] }],
    ['a lone surrogate', { text: 'lone \ud800' }, { text: ['must be valid Unicode text'] }],
    ['1001 array entries', { list: Array.from({ length: 1001 }, () => 0) }, { list: ['must have at most 1000 entries'] }],
    ['101 keys', Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i])), { body: ['must have at most 100 keys'] }],
  ] as const)('refuses %s, naming the field', (_label, value, expected) => {
    expect(fieldErrorsOf(() => guardJson(value))).toEqual(expected);
  });

  it('refuses nesting past the limit without walking it all (100 000 levels)', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(fieldErrorsOf(() => guardJson(deep))).toEqual({ body: [`must not be nested more than ${MAX_JSON_DEPTH} levels deep`] });
  });
});

describe('path and query', () => {
  it('names the parameter', () => {
    expect(fieldErrorsOf(() => guardPathParameters({ id: 'a\u0000' }))).toEqual({ id: ['must not contain control characters'] });
    expect(fieldErrorsOf(() => guardPathParameters({ projectId: 'p'.repeat(201) }))).toEqual({ projectId: ['must be at most 200 characters'] });
    expect(fieldErrorsOf(() => guardQuery({ before: '\u0001' }))).toEqual({ before: ['must not contain control characters'] });
    expect(fieldErrorsOf(() => guardPathParameters({ id: '01J9Z3N4V6W7X8Y9Z0A1B2C3D4' }))).toBeUndefined();
  });
});

describe('refuseContentType', () => {
  it.each([
    ['text/plain', true],
    ['application/x-www-form-urlencoded', true],
    ['multipart/form-data; boundary=x', true],
    ['text/plain', false],
    [undefined, true],
  ] as const)('refuses %s (body: %s)', (type, hasBody) => {
    expect(refuseContentType(type, hasBody)).toEqual(expect.any(String));
  });

  it.each([
    ['application/json', true],
    ['Application/JSON; charset=utf-8', true],
    [undefined, false],
  ] as const)('takes %s (body: %s)', (type, hasBody) => {
    expect(refuseContentType(type, hasBody)).toBeUndefined();
  });
});
