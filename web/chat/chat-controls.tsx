import { History, MessageSquare } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, useEffect, useRef, useState } from 'react';
import type { User } from '../../events/accounts/schemas';
import { UnreadBadge } from '../components/unread-badge';
import type { HistoryEntry, UserSessionAnswer } from '../../contract/chat';
import { queries } from '../api/queries';
import { historySeenKey, seenMark, unreadMessageCount, unseenHistoryCount } from './format';
import { OnceOpened } from '../components/once-opened';
import { useSaveChatSession } from './api';
import { useAfterPaint } from '../components/use-after-paint';

// Fetched at their first opening, not before the checklist draws (issue 14).
const ChatModal = lazy(() => import('./chat-modal').then((module) => ({ default: module.ChatModal })));
const HistoryDialog = lazy(() => import('./history-dialog').then((module) => ({ default: module.HistoryDialog })));
const JoinChatDialog = lazy(() => import('./join-chat-dialog').then((module) => ({ default: module.JoinChatDialog })));

/**
 * The checklist header's Chat and History buttons with their dialogs and unread badges.
 *
 * Spec section 4: the chat modal opens only when a role and a name are known; otherwise Join
 * Project Chat appears. Join also appears by itself on a first visit, or when the session has no
 * role and the chat was never opened. A signed-in user's role and name are always known (the
 * chat session's name, else the account's), so Chat opens the chat straight away; Join shows
 * only by itself, once: dismissed, it is saved as seen (issue 16). The history badge counts
 * entries by the other side since this browser last opened the history of the project.
 */
export function ChatAndHistoryButtons({ projectId, projectName, user, buttonClass }: { projectId: string; projectName: string; user: User; buttonClass: string }) {
  // The badges' reads wait for the checklist's first paint (a slow phone draws it sooner).
  const painted = useAfterPaint();
  const session = useQuery({ ...queries.userSession(), enabled: painted });
  const chat = useQuery({ ...queries.chat(projectId), enabled: painted });
  const history = useQuery({ ...queries.history(projectId), enabled: painted });
  const [dialog, setDialog] = useState<'join' | 'chat' | 'history' | null>(null);
  const close = (open: boolean) => !open && setDialog(null);

  const name = knownName(session.data, user);
  useJoinOnFirstVisit(session.data, () => setDialog((shown) => shown ?? 'join'));
  const saveSession = useSaveChatSession();
  const { mutate: save } = saveSession;
  // Cancel, Escape or a click outside: seen all the same, so it does not come back on the next visit.
  const dismissJoin = (open: boolean) => {
    if (open) return;
    setDialog(null);
    if (session.data && joinDue(session.data)) save({ userType: user.role, userName: name, chatOpenedOnce: false });
  };
  // The first opening of the chat is what chatOpenedOnce records.
  const chatOpen = dialog === 'chat';
  const openedOnce = session.data?.session?.chatOpenedOnce ?? false;
  useEffect(() => {
    if (chatOpen && session.data && !openedOnce) save({ userType: user.role, userName: name, chatOpenedOnce: true });
  }, [chatOpen, openedOnce, session.data, save, user.role, name]);

  const seenAt = useHistorySeen(projectId, dialog === 'history' ? history.data : undefined);
  const unseen = unseenHistoryCount(history.data ?? [], user.role, seenAt, Date.now());
  const unread = unreadMessageCount(chat.data ?? [], user.role);

  return (
    <>
      <button type="button" onClick={() => setDialog('chat')} disabled={session.isPending} className={buttonClass} title="Chat">
        <MessageSquare aria-hidden="true" className="size-5" />
        <span className="sr-only md:not-sr-only">Chat</span>
        {/* After the label, so the button is named 'Chat 3 unread'; drawn on the button's corner. */}
        <UnreadBadge count={unread} />
      </button>
      <button type="button" onClick={() => setDialog('history')} className={buttonClass} title="History">
        <History aria-hidden="true" className="size-5" />
        <span className="sr-only md:not-sr-only">History</span>
        <UnreadBadge count={dialog === 'history' ? 0 : unseen} />
      </button>

      <OnceOpened open={dialog === 'join'}>
        <JoinChatDialog user={user} open={dialog === 'join'} onOpenChange={dismissJoin} onJoined={() => setDialog('chat')} />
      </OnceOpened>
      <OnceOpened open={chatOpen}>
        <ChatModal
          open={chatOpen}
          onOpenChange={close}
          projectId={projectId}
          projectName={projectName}
          user={user}
          userName={name}
          messages={chat.data}
          loading={chat.isPending}
          error={chat.error}
          onRetry={() => void chat.refetch()}
        />
      </OnceOpened>
      <OnceOpened open={dialog === 'history'}>
        <HistoryDialog
          open={dialog === 'history'}
          onOpenChange={close}
          entries={history.data}
          loading={history.isPending}
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      </OnceOpened>
    </>
  );
}

/** The chat name: the one chosen in Join Project Chat for the signed-in role, else the account's (the server accepts only the signed-in role). */
function knownName(answer: UserSessionAnswer | undefined, user: User): string {
  const session = answer?.session;
  const name = session?.userName?.trim();
  return session?.userType === user.role && name ? name : `${user.firstName} ${user.lastName}`.trim();
}

/** Spec section 4: Join Project Chat is due on a first visit, or for a session with no role whose chat was never opened. */
const joinDue = (answer: UserSessionAnswer) => answer.isFirstTime || (!answer.session?.userType && !answer.session?.chatOpenedOnce);

/** Opens Join Project Chat once when the page opens and it is due. */
function useJoinOnFirstVisit(answer: UserSessionAnswer | undefined, open: () => void) {
  const done = useRef(false);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!answer || done.current) return;
    done.current = true;
    if (joinDue(answer)) openRef.current();
  }, [answer]);
}

function readMark(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeMark(key: string, mark: string) {
  try {
    localStorage.setItem(key, mark);
  } catch {
    // Storage off (private mode): the badge simply counts again next time.
  }
}

/**
 * When this browser last looked at the project's history (local storage `history-seen:<id>`).
 * `showing` is the history while its dialog is open: what it shows, and what arrives meanwhile, is seen.
 */
function useHistorySeen(projectId: string, showing: readonly HistoryEntry[] | undefined): string | null {
  const key = historySeenKey(projectId);
  const [seenAt, setSeenAt] = useState(() => readMark(key));
  useEffect(() => {
    if (!showing) return;
    const mark = seenMark(showing, seenAt);
    if (!mark || mark === seenAt) return;
    writeMark(key, mark);
    setSeenAt(mark);
  }, [showing, seenAt, key]);
  return seenAt;
}
