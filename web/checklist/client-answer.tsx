import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, LoaderCircle, X } from 'lucide-react';
import { lazy, useRef, useState, type RefObject } from 'react';
import type { ChecklistItem } from '../../contract/projects';
import { serverMessage } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { OnceOpened } from '../components/once-opened';
import { toast } from '../components/toast';
import { answerSelection, changedSelection } from './api';
import { cardButtonClass } from './ui';

/** The client's answer to an item's selection (issue 18), on its card: Approve at once, Decline with a reason. */

const DeclineDialog = lazy(() => import('./decline-dialog'));

/** After an approval or decline: the room's list has the item as answered (or as it is now, when it had changed). */
function useAnsweredItem() {
  const queryClient = useQueryClient();
  return (answered: ChecklistItem) =>
    queryClient.setQueryData<ChecklistItem[]>(queryKeys.items(answered.roomId), (items) => items?.map((entry) => (entry.id === answered.id ? answered : entry)));
}

/** The client's Approve (at once) and Decline (asks why); the one matching the present answer is not offered. */
export default function ClientAnswer({ item }: { item: ChecklistItem }) {
  const queryClient = useQueryClient();
  const answered = useAnsweredItem();
  const [declining, setDeclining] = useState(false);
  const approveRef = useRef<HTMLButtonElement>(null);
  const declineRef = useRef<HTMLButtonElement>(null);
  // Back to Decline when the dialog is cancelled; once declined, Decline is gone: to Approve.
  const returnFocusTo: RefObject<HTMLElement | null> = {
    get current() {
      return declineRef.current ?? approveRef.current;
    },
  };
  const approve = useMutation({
    // Through the outbox: offline it waits, shown as approved, and is refused later if the selection changed meanwhile.
    networkMode: 'always',
    mutationFn: () => answerSelection(queryClient, item, { approve: true }),
    onSuccess: (result) => {
      if (result.status === 'sent') answered(result.answer as ChecklistItem);
    },
    onError: (error) => {
      // Changed since the card was drawn: it shows the new selection, to approve again if it suits.
      const current = changedSelection(error);
      if (current) answered(current);
      toast({ variant: 'destructive', title: current ? 'Selection changed' : 'Error', description: serverMessage(error, 'Failed to approve. Please try again.') });
    },
  });
  const status = item.approval?.status;
  return (
    <div className="ml-auto flex gap-1 print:hidden">
      {status !== 'approved' && (
        <button
          ref={approveRef}
          type="button"
          onClick={() => approve.mutate()}
          disabled={approve.isPending}
          aria-busy={approve.isPending}
          aria-label={`Approve ${item.name}`}
          className={cardButtonClass.secondary}
        >
          {approve.isPending ? <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> : <Check aria-hidden="true" className="size-3.5" />}
          Approve
        </button>
      )}
      {status !== 'declined' && (
        <button ref={declineRef} type="button" onClick={() => setDeclining(true)} aria-label={`Decline ${item.name}`} className={cardButtonClass.secondary}>
          <X aria-hidden="true" className="size-3.5" />
          Decline
        </button>
      )}
      <OnceOpened open={declining}>
        <DeclineDialog item={item} open={declining} onOpenChange={setDeclining} onDeclined={answered} returnFocusTo={returnFocusTo} />
      </OnceOpened>
    </div>
  );
}
