import { eventGuard, type Decider } from '../decider';
import { invalid, notFound } from '../errors';
import { chatEvents, chatStreamId, MAX_MESSAGE_LENGTH, type ChatEvent, type Reader } from './events';

/**
 * The chat aggregate: which messages exist and who has read them. The sender is whoever is
 * signed in; a reader marks messages read for their own role only.
 */

export interface ChatMessageState {
  readonly messageId: string;
  readonly senderType: Reader;
  readonly readByContractor: boolean;
  readonly readByClient: boolean;
}

export interface ChatState {
  readonly messages: ReadonlyMap<string, ChatMessageState>;
}

export const initialChatState: ChatState = { messages: new Map() };

export type ChatCommand =
  /**
   * A message of the signed-in sender. `roomId` is the room it is about, if any; the caller says
   * whether that is a room of the message's project (`roomOfProject`).
   */
  | { type: 'post'; messageId: string; sender: { role: Reader; name: string }; message: string; roomId: string | null; roomOfProject?: boolean }
  | { type: 'markRead'; by: Reader; messageIds: readonly string[] | 'all' };

const readFlag = (by: Reader) => (by === 'contractor' ? 'readByContractor' : 'readByClient');

export function decideChat(command: ChatCommand, state: ChatState): ChatEvent[] {
  switch (command.type) {
    case 'post': {
      const message = command.message.trim();
      if (!message) throw invalid('message', 'Message cannot be empty');
      if (message.length > MAX_MESSAGE_LENGTH) throw invalid('message', `Message must be at most ${MAX_MESSAGE_LENGTH} characters`);
      if (command.roomId !== null && !command.roomOfProject) throw invalid('roomId', 'roomId is not a room of this project');
      // Activity entries are the server's (recorded from the events themselves): whatever a body
      // claims, what a person posts is an ordinary chat message of theirs, never a history line.
      return [
        {
          type: 'MessagePosted',
          data: { messageId: command.messageId, senderType: command.sender.role, senderName: command.sender.name, message, messageType: 'chat', roomId: command.roomId },
        },
      ];
    }
    case 'markRead': {
      const flag = readFlag(command.by);
      if (command.messageIds !== 'all') {
        for (const id of command.messageIds) if (!state.messages.has(id)) throw notFound('Message');
      }
      const candidates = command.messageIds === 'all' ? [...state.messages.keys()] : command.messageIds;
      const unread = candidates.filter((id) => !state.messages.get(id)![flag]);
      return unread.length ? [{ type: 'MessagesRead', data: { by: command.by, messageIds: unread } }] : [];
    }
  }
}

export function evolveChat(state: ChatState, event: ChatEvent): ChatState {
  const messages = new Map(state.messages);
  switch (event.type) {
    case 'MessagePosted':
      // Unread by both at first (spec: readByContractor and readByClient default false), the
      // sender's own chat window marks it read for them.
      messages.set(event.data.messageId, { messageId: event.data.messageId, senderType: event.data.senderType, readByContractor: false, readByClient: false });
      break;
    case 'MessagesRead':
      for (const id of event.data.messageIds) {
        const message = messages.get(id);
        if (message) messages.set(id, { ...message, [readFlag(event.data.by)]: true });
      }
      break;
  }
  return { messages };
}

/** The chat aggregate (one per project): who reads is the command's `by`, so the actor is not consulted. */
export const chatDecider: Decider<ChatCommand, ChatState, ChatEvent> = {
  streamId: chatStreamId,
  initialState: initialChatState,
  decide: (command, state) => decideChat(command, state),
  evolve: evolveChat,
  owns: eventGuard<ChatEvent>(chatEvents),
};

/** Spec section 4: Unseen (neither has read), Seen by One, Seen by Both. */
export function readState(message: Pick<ChatMessageState, 'readByContractor' | 'readByClient'>): 'Unseen' | 'Seen by One' | 'Seen by Both' {
  const readers = Number(message.readByContractor) + Number(message.readByClient);
  return readers === 2 ? 'Seen by Both' : readers === 1 ? 'Seen by One' : 'Unseen';
}
