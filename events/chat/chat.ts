import { eventGuard, type Decider } from '../decider';
import { invalid, notFound } from '../errors';
import { chatEvents, chatStreamId, MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG, type ChatEvent, type Reader } from './events';

/**
 * The chat aggregate: which messages exist and who has read them. The sender is whoever is
 * signed in; a reader marks messages read for their own role only, and only the other side's
 * messages: a read receipt tells the sender that the other party saw it (issue 16).
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
      if (message.length > MAX_MESSAGE_LENGTH) throw invalid('message', MESSAGE_TOO_LONG);
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
      // One's own message is no receipt: reading it leaves it as the other side left it.
      const unread = candidates.filter((id) => {
        const message = state.messages.get(id)!;
        return message.senderType !== command.by && !message[flag];
      });
      return unread.length ? [{ type: 'MessagesRead', data: { by: command.by, messageIds: unread } }] : [];
    }
  }
}

export function evolveChat(state: ChatState, event: ChatEvent): ChatState {
  const messages = new Map(state.messages);
  switch (event.type) {
    case 'MessagePosted':
      // Unread by both at first (spec: readByContractor and readByClient default false); only
      // the other side's reading marks it.
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

/**
 * The read state shown on a message to its sender, in the spec's words (section 4: Unseen when
 * neither has read it, Seen by One, Seen by Both). It counts read receipts, and a sender writes
 * none for their own message: chat windows before issue 16 set the sender's flag when they merely
 * looked at the chat, which made a message nobody else had seen look 'Seen by One' to them, so
 * that flag is not counted. A project's chat is between its contractor and its client: a message
 * reads Unseen until the other party has seen it, then Seen by One ('Seen by Both' would take a
 * second reader besides the sender, which a project does not have).
 */
export function readState(message: Pick<ChatMessageState, 'senderType' | 'readByContractor' | 'readByClient'>): 'Unseen' | 'Seen by One' {
  const receipt = message.senderType === 'contractor' ? message.readByClient : message.readByContractor;
  return receipt ? 'Seen by One' : 'Unseen';
}
