import { describe, expect, it } from 'vitest';
import { decideInTurn, type Actor } from '../decider';
import { chatDecider, decideChat, initialChatState, readState, type ChatCommand, type ChatState } from './chat';

const reader: Actor = { userId: 'u1', role: 'contractor' };
const run = (commands: ChatCommand[], state: ChatState = initialChatState) => decideInTurn(chatDecider, commands, state, reader).state;

const post = (messageId: string, role: 'contractor' | 'client' = 'contractor'): ChatCommand => ({
  type: 'post',
  messageId,
  sender: { role, name: role === 'contractor' ? 'Casey' : 'Chris' },
  message: 'Hello',
  roomId: null,
});

describe('chat', () => {
  it('given a blank message, when posted, then it is refused naming the message', () => {
    expect(() => decideChat({ ...post('m1'), message: ' \n ' } as ChatCommand, initialChatState)).toThrow('message: Message cannot be empty');
  });

  it("given a contractor's message, when the contractor reads the chat, then no receipt is written and it stays Unseen to them", () => {
    const state = run([post('m1')]);
    expect(decideChat({ type: 'markRead', by: 'contractor', messageIds: ['m1'] }, state)).toEqual([]);
    expect(decideChat({ type: 'markRead', by: 'contractor', messageIds: 'all' }, state)).toEqual([]);
    expect(readState(state.messages.get('m1')!)).toBe('Unseen');
  });

  it('given a message, when the other party reads it, then it is Seen by One', () => {
    let state = run([post('m1')]);
    state = run([{ type: 'markRead', by: 'client', messageIds: ['m1'] }], state);
    expect(state.messages.get('m1')).toMatchObject({ readByClient: true, readByContractor: false });
    expect(readState(state.messages.get('m1')!)).toBe('Seen by One');
  });

  it("given the sender's own flag set by a chat window before issue 16, then it does not count as seen", () => {
    expect(readState({ senderType: 'contractor', readByContractor: true, readByClient: false })).toBe('Unseen');
    expect(readState({ senderType: 'client', readByContractor: false, readByClient: true })).toBe('Unseen');
    expect(readState({ senderType: 'client', readByContractor: true, readByClient: true })).toBe('Seen by One');
  });

  it("given messages already read, when marking all read again, then nothing happens; marking all reads only the other side's", () => {
    const state = run([post('m1'), post('m2', 'client'), post('m3'), { type: 'markRead', by: 'client', messageIds: 'all' }]);
    expect(state.messages.get('m2')).toMatchObject({ readByClient: false });
    expect(decideChat({ type: 'markRead', by: 'client', messageIds: 'all' }, state)).toEqual([]);
    expect(decideChat({ type: 'markRead', by: 'contractor', messageIds: 'all' }, state)).toEqual([{ type: 'MessagesRead', data: { by: 'contractor', messageIds: ['m2'] } }]);
  });

  it('given an unknown message id, when marking it read, then it is not found', () => {
    expect(() => decideChat({ type: 'markRead', by: 'client', messageIds: ['nope'] }, initialChatState)).toThrow('Message not found');
  });

  it('given a room of the project, when posted about it, then the message names the room; any other room is refused naming roomId', () => {
    expect(decideChat({ ...post('m1'), roomId: 'r1', roomOfProject: true } as ChatCommand, initialChatState)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ roomId: 'r1' }) }),
    ]);
    expect(() => decideChat({ ...post('m1'), roomId: 'r2', roomOfProject: false } as ChatCommand, initialChatState)).toThrow('roomId: roomId is not a room of this project');
    expect(() => decideChat({ ...post('m1'), roomId: 'r2' } as ChatCommand, initialChatState)).toThrow(expect.objectContaining({ fieldErrors: { roomId: [expect.any(String)] } }));
  });

  it('given a post, then it is an ordinary chat message of its sender (activity entries are the server\'s)', () => {
    expect(decideChat(post('m1', 'client'), initialChatState)).toEqual([
      { type: 'MessagePosted', data: { messageId: 'm1', senderType: 'client', senderName: 'Chris', message: 'Hello', messageType: 'chat', roomId: null } },
    ]);
  });
});
