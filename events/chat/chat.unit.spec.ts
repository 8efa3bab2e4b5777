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

  it('given a new message, then it is Unseen; read by one role, Seen by One; by both, Seen by Both', () => {
    let state = run([post('m1')]);
    expect(readState(state.messages.get('m1')!)).toBe('Unseen');
    state = run([{ type: 'markRead', by: 'client', messageIds: ['m1'] }], state);
    expect(readState(state.messages.get('m1')!)).toBe('Seen by One');
    state = run([{ type: 'markRead', by: 'contractor', messageIds: ['m1'] }], state);
    expect(readState(state.messages.get('m1')!)).toBe('Seen by Both');
  });

  it('given messages already read, when marking all read again, then nothing happens', () => {
    const state = run([post('m1'), post('m2', 'client'), { type: 'markRead', by: 'client', messageIds: 'all' }]);
    expect(decideChat({ type: 'markRead', by: 'client', messageIds: 'all' }, state)).toEqual([]);
    expect(decideChat({ type: 'markRead', by: 'contractor', messageIds: 'all' }, state)).toEqual([{ type: 'MessagesRead', data: { by: 'contractor', messageIds: ['m1', 'm2'] } }]);
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
