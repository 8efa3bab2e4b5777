import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ProjectEventNotice } from '../../contract/notices';
import type { ChecklistItem } from '../../contract/projects';
import { parseStreamId } from '../../events/streams';
import { queryKeys } from '../api/query-keys';
import { outboxSnapshot } from '../offline/outbox/state';
import { refreshProject } from '../api/refresh-project';

/**
 * The project's WebSocket (spec section 7: /ws?projectId=…, wss on https). Every change to the
 * project is pushed as `project_event` (the checklist and the action history refetch what changed)
 * or `chat_message` (the chat refetches: new messages and read receipts). A dropped connection
 * comes back after 1 s, 2 s, 4 s … at most 30 s, and then refetches everything (chat and history
 * included), since changes may have been missed meanwhile. When the device comes back online
 * (issue 29: field mode) it reconnects at once rather than at the end of its wait.
 */

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;
/** Notices that arrive together (one write is often several events) cause one refetch. */
const BATCH_MS = 100;
/** How often notices held during a replay look again for its end. */
const REPLAY_WAIT_MS = 250;

export const retryDelay = (attempt: number): number => Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);

/** The room whose cached list holds this item, if any. */
function roomOfItem(queryClient: QueryClient, itemId: string): string | undefined {
  for (const [key, items] of queryClient.getQueriesData<ChecklistItem[]>({ queryKey: queryKeys.allItems })) {
    if (items?.some((item) => item.id === itemId)) return String(key[1]);
  }
  return undefined;
}

export function useProjectLiveUpdates(projectId: string): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let socket: WebSocket | undefined;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let batchTimer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    let everConnected = false;
    /** Keys to refetch, as JSON; the plain project list alone is matched exactly (every project key starts with it). */
    const stale = new Set<string>();

    const flush = () => {
      // While the outbox replays this page's own changes (their answers already shown), the refetches wait for its end: one, not one per change.
      if (outboxSnapshot().run) {
        batchTimer = setTimeout(flush, REPLAY_WAIT_MS);
        return;
      }
      batchTimer = undefined;
      const keys = [...stale];
      stale.clear();
      for (const key of keys) {
        const queryKey = JSON.parse(key) as unknown[];
        void queryClient.invalidateQueries({ queryKey, exact: key === JSON.stringify(queryKeys.projects) });
      }
    };
    const mark = (...keys: (readonly unknown[])[]) => {
      for (const key of keys) stale.add(JSON.stringify(key));
      batchTimer ??= setTimeout(flush, BATCH_MS);
    };

    // Parsed from the socket, so checked field by field.
    const onNotice = (notice: Partial<ProjectEventNotice>) => {
      if (notice.type === 'chat_message') {
        mark(queryKeys.chat(projectId));
        return;
      }
      if (notice.type !== 'project_event') return;
      // Any change can move the counters and the rooms' progress, and is an entry of the history;
      // the panels' decisions and budget too, when read (an inactive query is not refetched).
      mark(queryKeys.stats(projectId), queryKeys.rooms(projectId), queryKeys.history(projectId), queryKeys.selections(projectId));
      const stream = typeof notice.streamId === 'string' ? parseStreamId(notice.streamId) : undefined;
      // The project's own stream: its details and lock box code (the page's checklist read, the plain list), its rooms.
      // Issue 30: a change order's list and page, when read (a signature also moves the budget, marked above).
      if (stream?.kind === 'changeOrder') mark(queryKeys.changeOrders(projectId), queryKeys.changeOrder(stream.id));
      else if (stream?.kind !== 'item') mark(queryKeys.checklist(projectId), queryKeys.projects);
      else {
        // A known item: its room's list. A new one: every room's list (its room is not known here).
        const roomId = roomOfItem(queryClient, stream.id);
        // And its History, when open (a moment's state under it never changes, but is cheap to reread).
        mark(roomId ? queryKeys.items(roomId) : queryKeys.allItems, queryKeys.itemHistory(stream.id));
      }
    };

    const connect = () => {
      const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(`${protocol}//${window.location.host}/ws?projectId=${encodeURIComponent(projectId)}`);
      socket.onopen = () => {
        attempt = 0;
        if (everConnected) void refreshProject(queryClient, projectId);
        everConnected = true;
      };
      socket.onmessage = (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        try {
          onNotice(JSON.parse(event.data) as Partial<ProjectEventNotice>);
        } catch {
          // Not a notice of ours.
        }
      };
      socket.onclose = () => {
        socket = undefined;
        if (closed) return;
        retryTimer = setTimeout(connect, retryDelay(attempt));
        attempt++;
      };
    };

    const onOnline = () => {
      if (socket || closed) return;
      clearTimeout(retryTimer);
      attempt = 0;
      connect();
    };
    window.addEventListener('online', onOnline);

    connect();
    return () => {
      closed = true;
      window.removeEventListener('online', onOnline);
      clearTimeout(retryTimer);
      clearTimeout(batchTimer);
      socket?.close();
    };
  }, [projectId, queryClient]);
}
