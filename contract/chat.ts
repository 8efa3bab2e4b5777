import type { Reader } from '../events/chat/events';
import type { ActorRole } from '../events/envelope';

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
  /** Who made the change: a contractor, a client, or the app itself (`system`: e.g. assigning a client who proved the project's e-mail). */
  userType: ActorRole;
  createdAt: string;
}
