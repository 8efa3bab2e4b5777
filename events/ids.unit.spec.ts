import { randomUUID } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MAX_ID_LENGTH, ulid, uuid } from './ids';

/** Ids have one shape, checked by the schema: the UUIDs and ULIDs this app mints, nothing else. */

const messagesOf = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('ids', () => {
  it('given an id of the shape we mint, then it is accepted', () => {
    expect(uuid('id').safeParse(randomUUID()).success).toBe(true);
    expect(ulid('messageId').safeParse(monotonicFactory()()).success).toBe(true);
  });

  it('given a malformed id, then one message names the field', () => {
    expect(messagesOf(uuid('projectId'), '')).toEqual(['projectId is required']);
    expect(messagesOf(uuid('projectId'), undefined)).toEqual(['projectId is required']);
    expect(messagesOf(uuid('projectId'), 42)).toEqual(['projectId is required']);
    expect(messagesOf(uuid('id'), 'x'.repeat(MAX_ID_LENGTH + 1))).toEqual(['id is too long']);
    for (const bad of ['made-up', 'nope', randomUUID().toUpperCase(), `${randomUUID()} `, `${randomUUID()}#`, monotonicFactory()(), '../etc/passwd']) {
      expect(messagesOf(uuid('roomId'), bad), bad).toEqual(['roomId is not a valid id']);
    }
    expect(messagesOf(ulid('messageId'), randomUUID())).toEqual(['messageId is not a valid id']);
    expect(messagesOf(ulid('messageId'), 'I'.repeat(26))).toEqual(['messageId is not a valid id']);
  });
});
