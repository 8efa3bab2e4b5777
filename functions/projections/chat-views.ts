import type { ChatState } from '../../events/chat/chat';
import type { ChatEvent } from '../../events/chat/events';
import { stateKeys } from '../store/keys';
import type { Projection } from './projection';

type Posted = Extract<ChatEvent, { type: 'MessagePosted' }>['data'];

/** A message's view when posted (unread by both at first), so a post can answer it without reading it back. */
export const postedMessage = (projectId: string, { messageId, ...data }: Posted, at: string) => ({
  id: messageId,
  projectId,
  ...data,
  timestamp: at,
  readByContractor: false,
  readByClient: false,
  ...stateKeys.chatMessage(projectId, messageId),
});

/** A chat's views: each message, the pointer from its id, and its read receipts. */
export const chatViews = (projectId: string): Projection<ChatState, ChatEvent> => ({
  write(writes, { events }) {
    for (const stored of events) {
      if (stored.type === 'MessagePosted') {
        writes.put(postedMessage(projectId, stored.data, stored.meta.at));
        writes.put({ ...stateKeys.messagePointer(stored.data.messageId), projectId });
      } else {
        for (const id of stored.data.messageIds) {
          writes.set(stateKeys.chatMessage(projectId, id), { [stored.data.by === 'contractor' ? 'readByContractor' : 'readByClient']: true });
        }
      }
    }
  },
});
