import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { postMessageInput, userSessionInput } from './inputs';

/** What POST /api/chat and PUT /api/user-session accept. */

const fieldsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((issue) => issue.path.join('.'));

describe('chat inputs', () => {
  const projectId = randomUUID();

  it('given an empty, null or absent roomId, then the message is about no room', () => {
    for (const roomId of ['', null, undefined]) expect(postMessageInput.parse({ projectId, message: 'hi', roomId }).roomId).toBeNull();
  });

  it('given a malformed projectId or roomId, then it is refused naming the field', () => {
    expect(fieldsOf(postMessageInput.safeParse({ projectId: 'nope', message: 'hi' }))).toEqual(['projectId']);
    expect(fieldsOf(postMessageInput.safeParse({ projectId, message: 'hi', roomId: 'x'.repeat(5000) }))).toEqual(['roomId']);
    expect(fieldsOf(postMessageInput.safeParse({ projectId, message: 'hi', roomId: 7 }))).toEqual(['roomId']);
  });

  it('given oversized or wrongly typed text, then it is refused naming the field', () => {
    expect(fieldsOf(postMessageInput.safeParse({ projectId, message: 'x'.repeat(2001) }))).toEqual(['message']);
    expect(fieldsOf(postMessageInput.safeParse({ projectId, message: 'hi', senderName: 'x'.repeat(5000) }))).toEqual(['senderName']);
    expect(fieldsOf(postMessageInput.safeParse({ projectId, message: ['hi'] }))).toEqual(['message']);
    expect(fieldsOf(userSessionInput.safeParse({ userType: 'client', userName: 'x'.repeat(101) }))).toEqual(['userName']);
  });
});
