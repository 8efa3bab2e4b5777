import type { ChatState } from '../../events/chat/chat';
import type { ChatEvent } from '../../events/chat/events';
import { stateKeys } from '../store/keys';
import type { Projection } from './projection';

/** A chat's views: each message (unread by both at first), the pointer from its id, and its read receipts. */
export const chatViews = (projectId: string): Projection<ChatState, ChatEvent> => ({
  write(writes, { events }) {
    for (const stored of events) {
      if (stored.type === 'MessagePosted') {
        const { messageId, ...data } = stored.data;
        writes.put({ ...stateKeys.chatMessage(projectId, messageId), id: messageId, projectId, ...data, timestamp: stored.meta.at, readByContractor: false, readByClient: false });
        writes.put({ ...stateKeys.messagePointer(messageId), projectId });
      } else {
        for (const id of stored.data.messageIds) {
          writes.set(stateKeys.chatMessage(projectId, id), { [stored.data.by === 'contractor' ? 'readByContractor' : 'readByClient']: true });
        }
      }
    }
  },
});
