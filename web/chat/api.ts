import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '../../contract/chat';
import type { RouteInputs } from '../../contract/inputs';
import type { Reader } from '../../events/chat/events';
import { callApi } from '../api/call';
import { queries } from '../api/queries';
import { queryKeys } from '../api/query-keys';

/** The chat's writes (spec section 7, Chat) and the chat session's; the reads are in `queries`. */

/** Spec section 6: read receipts write readByContractor for contractors and readByClient for clients. */
export const readFlag = (role: Reader) => (role === 'contractor' ? 'readByContractor' : 'readByClient');

/**
 * Saves the chat session (spec: GET and PUT /api/user-session): the role and name, and whether
 * the chat was opened once. Join Project Chat saves the choice with chatOpenedOnce; a dismissed
 * Join saves the signed-in role and name without it, so the dialog counts as seen (issue 16).
 */
export function useSaveChatSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: RouteInputs['putUserSession']) => callApi('putUserSession', { body: session }),
    onSuccess: (answer) => queryClient.setQueryData(queries.userSession().queryKey, answer),
  });
}

/** Posts a chat message; the server takes the sender from the session, the body names it as the spec does. */
export function useSendMessage(projectId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.chat(projectId);
  return useMutation({
    mutationFn: (body: Pick<RouteInputs['postChat'], 'senderType' | 'senderName' | 'message'>) =>
      // No room: left out of the JSON (the schema's roomId reads its input as `unknown`, so its key as required).
      callApi('postChat', { body: { projectId, ...body, messageType: 'chat', roomId: undefined } }),
    onSuccess: (message) => {
      queryClient.setQueryData<ChatMessage[]>(key, (messages) => (messages && !messages.some((entry) => entry.id === message.id) ? [...messages, message] : messages));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Marks the other side's messages read for the user's role (one's own get no receipt). The cache
 * shows them read at once, so an open chat does not ask again before the refetch; the server's
 * notice brings the other side's view.
 */
export function useMarkAllRead(projectId: string, role: Reader) {
  const queryClient = useQueryClient();
  const key = queryKeys.chat(projectId);
  const flag = readFlag(role);
  return useMutation({
    mutationFn: () => callApi('markAllRead', { params: { projectId }, body: { userType: role, [flag]: true } }),
    onMutate: () => {
      queryClient.setQueryData<ChatMessage[]>(key, (messages) => messages?.map((message) => (message[flag] || message.senderType === role ? message : { ...message, [flag]: true })));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
