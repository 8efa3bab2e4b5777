import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '../../contract/chat';
import type { RouteInputs } from '../../contract/inputs';
import type { User } from '../../events/accounts/schemas';
import type { Reader } from '../../events/chat/events';
import { submit } from '../offline/outbox/submit';
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

/**
 * Posts a chat message; the server takes the sender from the session, the body names it as the
 * spec does. Through the outbox (issue 29): written offline, it shows 'Sending…' in the chat until
 * the server has it, and its Idempotency-Key posts it once however often it is replayed.
 */
export function useSendMessage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: Pick<RouteInputs['postChat'], 'senderType' | 'senderName' | 'message'>) =>
      submit({
        route: 'postChat',
        params: {},
        // No room: left out of the JSON (the schema's roomId reads its input as `unknown`, so its key as required).
        body: { projectId, ...body, messageType: 'chat', roomId: undefined },
        projectId,
        userId: queryClient.getQueryData<User | null>(queryKeys.me)?.id ?? '',
        label: `Sent the message "${body.message.length > 40 ? `${body.message.slice(0, 40)}…` : body.message}"`,
      }),
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
