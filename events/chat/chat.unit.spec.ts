import { describe, expect, it } from 'vitest';
import { decideChat, evolveChat, initialChatState, readState, type ChatCommand, type ChatState } from './chat';

const run = (commands: ChatCommand[], state: ChatState = initialChatState) =>
  commands.reduce((current, command) => decideChat(command, current).reduce(evolveChat, current), state);

const post = (messageId: string, role: 'contractor' | 'client' = 'contractor'): ChatCommand => ({
  type: 'post',
  messageId,
  sender: { role, name: role === 'contractor' ? 'Casey' : 'Chris' },
  message: 'Hello',
  messageType: 'chat',
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
});
