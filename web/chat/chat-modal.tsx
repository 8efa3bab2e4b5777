import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, Send, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { User } from '../../events/accounts/schemas';
import { readState } from '../../events/chat/chat';
import { MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG } from '../../events/chat/events';
import { serverMessage } from '../api/errors';
import { inputClass } from '../components/input';
import { LengthCounter, limitState } from '../components/length-counter';
import { buttonClass, iconButtonClass } from '../components/button';
import { overlayClass, panelClass } from '../components/dialog';
import { toast } from '../components/toast';
import type { ChatMessage } from '../../contract/chat';
import { useSendingMessages } from '../offline/outbox/hooks';
import { useMarkAllRead, useSendMessage } from './api';
import { formatMessageTime, roleLabels, unreadForRole } from './format';

/**
 * The Project Chat modal (spec sections 2, 4, 5, 8): at most 2xl wide and 600 px high, the
 * messages oldest first with sender, role, en-US short time and, on one's own messages, the read
 * state. While it is open the other side's messages are marked read for the user's role. A blank
 * message is not sent; Send is disabled while sending. Near the length limit a counter shows,
 * and a longer message is refused in place, never cut (issue 16).
 */

/** The dialog panel, laid out as a column whose message list scrolls (the panel itself does not). */
const chatPanelClass = `${panelClass.replace('overflow-y-auto', 'overflow-hidden').replace('p-6', 'p-0')} flex h-[600px] max-w-2xl flex-col`;

interface ChatModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  projectName: string;
  user: User;
  /** The name chosen in Join Project Chat. */
  userName: string;
  messages: ChatMessage[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
}

export function ChatModal({ open, onOpenChange, ...content }: ChatModalProps) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          className={chatPanelClass}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
        >
          <div className="flex items-start justify-between gap-3 border-b border-gray-200 px-4 py-3 sm:px-6 dark:border-gray-800">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold">Project Chat</Dialog.Title>
              <Dialog.Description className="truncate text-sm text-gray-600 dark:text-gray-400">{content.projectName}</Dialog.Description>
            </div>
            <Dialog.Close aria-label="Close" className={`${iconButtonClass} -mr-2`}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <ChatBody {...content} inputRef={inputRef} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Mounted only while the modal is open: marking read and scrolling happen then. */
function ChatBody({
  projectId,
  user,
  userName,
  messages,
  loading,
  error,
  onRetry,
  inputRef,
}: Omit<ChatModalProps, 'open' | 'onOpenChange' | 'projectName'> & { inputRef: RefObject<HTMLTextAreaElement | null> }) {
  const markAllRead = useMarkAllRead(projectId, user.role);
  const { mutate: markAll } = markAllRead;

  // Everything unread for this role is marked read, once per set of unread messages: a failure
  // is not retried in a loop, a new message asks again.
  const unread = unreadForRole(messages ?? [], user.role)
    .map((message) => message.id)
    .join(',');
  const askedFor = useRef('');
  useEffect(() => {
    if (!unread || askedFor.current === unread) return;
    askedFor.current = unread;
    markAll();
  }, [unread, markAll]);

  // The newest message in view, whenever one arrives.
  const listRef = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;
  const sending = useSendingMessages(projectId);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  return (
    <>
      {/* The scrolling log takes the focus so keyboard users can scroll it (axe scrollable-region-focusable);
          the messages inside stay a plain list, which a role on the <ol> itself would hide. */}
      <div
        ref={listRef}
        role="log"
        aria-label="Messages"
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 sm:px-6"
      >
        {loading ? (
          <p role="status" className="flex h-full items-center justify-center gap-2 text-sm text-gray-600 dark:text-gray-400">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Loading messages...
          </p>
        ) : error ? (
          <div role="alert" className="flex h-full flex-col items-center justify-center gap-3 text-center text-sm">
            <p>Could not load the messages ({error.message}).</p>
            <button type="button" onClick={onRetry} className={buttonClass.secondary}>
              Try again
            </button>
          </div>
        ) : count === 0 ? (
          <p className="flex h-full items-center justify-center text-center text-sm text-gray-600 dark:text-gray-400">No messages yet. Start the conversation!</p>
        ) : (
          <ol className="grid gap-3">
            {messages!.map((message) => (
              <MessageRow key={message.id} message={message} own={message.senderType === user.role} sending={sending.has(message.id)} />
            ))}
          </ol>
        )}
      </div>
      <Composer projectId={projectId} user={user} userName={userName} inputRef={inputRef} />
    </>
  );
}

/** `sending`: written here, not yet on the server (issue 29): 'Sending…' where the read state will be. */
function MessageRow({ message, own, sending }: { message: ChatMessage; own: boolean; sending: boolean }) {
  const time = <time dateTime={message.timestamp}>{formatMessageTime(message.timestamp)}</time>;
  if (message.messageType === 'action') {
    return (
      <li className="text-center text-xs text-gray-500 dark:text-gray-400">
        <span className="break-words">
          {message.senderName}: {message.message}
        </span>{' '}
        · {time}
      </li>
    );
  }
  // Meta text reaches 4.5:1 on both bubbles, light and dark: blue-50 on blue-600 4.8:1,
  // gray-600 on gray-100 6.9:1, gray-400 on gray-800 5.6:1.
  return (
    <li data-testid="chat-message" className={`flex ${own ? 'justify-end' : 'justify-start'}`}>
      <article
        aria-label={`Message from ${message.senderName}`}
        className={`grid max-w-[85%] min-w-0 gap-1 rounded-lg px-3 py-2 text-sm ${own ? 'bg-blue-600 text-white' : 'bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100'}`}
      >
        <p className={`flex flex-wrap items-baseline gap-x-1.5 text-xs ${own ? 'text-blue-50' : 'text-gray-600 dark:text-gray-400'}`}>
          <span className={`min-w-0 font-semibold wrap-anywhere ${own ? 'text-white' : 'text-gray-900 dark:text-gray-100'}`}>{message.senderName}</span>
          <span>{roleLabels[message.senderType]}</span>
        </p>
        <p className="whitespace-pre-wrap wrap-anywhere">{message.message}</p>
        <p className={`flex flex-wrap justify-end gap-x-2 text-xs ${own ? 'text-blue-50' : 'text-gray-600 dark:text-gray-400'}`}>
          {time}
          {own && <span data-testid="read-state">{sending ? 'Sending…' : readState(message)}</span>}
        </p>
      </article>
    </li>
  );
}

function Composer({ projectId, user, userName, inputRef }: { projectId: string; user: User; userName: string; inputRef: RefObject<HTMLTextAreaElement | null> }) {
  const [text, setText] = useState('');
  const send = useSendMessage(projectId);
  const blank = text.trim() === '';
  // Counted as the server counts it: trimmed.
  const length = text.trim().length;
  const limit = limitState(length, MAX_MESSAGE_LENGTH);
  const tooLong = limit === 'over';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || tooLong || send.isPending) return;
    send.mutate(
      { senderType: user.role, senderName: userName, message: text.trim() },
      {
        onSuccess: () => {
          setText('');
          inputRef.current?.focus();
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to send message. Please try again.') }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-gray-200 px-4 py-3 sm:px-6 dark:border-gray-800">
      <label htmlFor="chat-message" className="sr-only">
        Message
      </label>
      <div className="grid min-w-0 flex-1 gap-1">
        <textarea
          id="chat-message"
          ref={inputRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends, Shift+Enter starts a new line.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          rows={2}
          aria-invalid={tooLong || undefined}
          aria-describedby={limit === 'quiet' ? undefined : 'chat-message-length'}
          placeholder="Type a message..."
          className={`${inputClass} max-h-32 resize-none aria-invalid:border-red-500 dark:aria-invalid:border-red-400`}
        />
        <LengthCounter id="chat-message-length" length={length} max={MAX_MESSAGE_LENGTH} refusal={MESSAGE_TOO_LONG} />
      </div>
      <button type="submit" disabled={blank || tooLong || send.isPending} aria-busy={send.isPending} className={buttonClass.primary}>
        {send.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Send aria-hidden="true" className="size-4" />}
        Send
      </button>
    </form>
  );
}
