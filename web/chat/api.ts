import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reader } from '../../events/chat/events';
import { apiGet, apiSend } from '../api/client';
import { checklistKeys } from '../checklist/api';

/** The chat's calls (spec section 7, Chat), the chat session and the action history, with their cache keys. */

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

export interface HistoryEntry {
  id: string;
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

const enc = encodeURIComponent;

/** The signed-in user's chat session; the whole cache is cleared on sign-out, so one key serves. */
export const userSessionKey = ['user-session'] as const;

/** Spec section 6: read receipts write readByContractor for contractors and readByClient for clients. */
export const readFlag = (role: Reader) => (role === 'contractor' ? 'readByContractor' : 'readByClient');

export function useChatMessages(projectId: string) {
  return useQuery({ queryKey: checklistKeys.chat(projectId), queryFn: () => apiGet<ChatMessage[]>(`/api/projects/${enc(projectId)}/chat`) });
}

export function useProjectHistory(projectId: string) {
  return useQuery({ queryKey: checklistKeys.history(projectId), queryFn: () => apiGet<HistoryEntry[]>(`/api/projects/${enc(projectId)}/history`) });
}

export function useUserSession() {
  return useQuery({ queryKey: userSessionKey, queryFn: () => apiGet<UserSessionAnswer>('/api/user-session') });
}

/** Join Project Chat: saves the role and name and marks the chat as opened once. */
export function useJoinChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { userType: Reader; userName: string }) => apiSend<UserSessionAnswer>('PUT', '/api/user-session', { ...choice, chatOpenedOnce: true }),
    onSuccess: (answer) => queryClient.setQueryData(userSessionKey, answer),
  });
}

/** Posts a chat message; the server takes the sender from the session, the body names it as the spec does. */
export function useSendMessage(projectId: string) {
  const queryClient = useQueryClient();
  const key = checklistKeys.chat(projectId);
  return useMutation({
    mutationFn: (body: { senderType: Reader; senderName: string; message: string }) =>
      apiSend<ChatMessage>('POST', '/api/chat', { projectId, ...body, messageType: 'chat' }),
    onSuccess: (message) => {
      queryClient.setQueryData<ChatMessage[]>(key, (messages) => (messages && !messages.some((entry) => entry.id === message.id) ? [...messages, message] : messages));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Marks every message read for the user's role. The cache shows them read at once, so an open
 * chat does not ask again before the refetch; the server's notice brings the other side's view.
 */
export function useMarkAllRead(projectId: string, role: Reader) {
  const queryClient = useQueryClient();
  const key = checklistKeys.chat(projectId);
  const flag = readFlag(role);
  return useMutation({
    mutationFn: () => apiSend<{ updated: number }>('PUT', `/api/chat/${enc(projectId)}/mark-all-read`, { userType: role, [flag]: true }),
    onMutate: () => {
      queryClient.setQueryData<ChatMessage[]>(key, (messages) => messages?.map((message) => (message[flag] ? message : { ...message, [flag]: true })));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
