import type { Reader } from '../events/chat/events';

/** The chat's and the action history's answer shapes (spec section 7, Chat and Activity log). */

export interface ChatMessage {
  id: string;
  projectId: string;
  senderType: Reader;
  senderName: string;
  message: string;
  messageType: 'chat' | 'action';
  roomId: string | null;
  timestamp: string;
  readByContractor: boolean;
  readByClient: boolean;
}

export interface ChatSession {
  userType: Reader | null;
  userName: string | null;
  chatOpenedOnce: boolean;
}

export interface UserSessionAnswer {
  session: ChatSession | null;
  isFirstTime: boolean;
}

export interface MarkAllReadAnswer {
  updated: number;
}

/** One entry of a project's action history, newest first. */
export interface HistoryEntry {
  id: string;
  projectId: string;
  eventType: string;
  action: string;
  details: string | null;
  itemName: string | null;
  roomName: string | null;
  summary: string;
  userName: string;
  userType: Reader;
  createdAt: string;
}
