import { useMutation } from '@tanstack/react-query';
import { CircleCheck, LoaderCircle, Share2 } from 'lucide-react';
import { lazy, useEffect, useState } from 'react';
import { callApi } from '../api/call';
import { ApiError } from '../api/client';
import { serverMessage } from '../api/errors';
import { buttonClass } from '../components/button';
import { OnceOpened } from '../components/once-opened';
import { afterNextPaint } from '../components/use-after-paint';
import { toast } from '../components/toast';
import { useNeedsConnection } from '../offline/cache/needs-connection';
import type { Project, ShareFailure } from '../../contract/projects';
import type { Outcome } from './share-outcome-dialog';

/** Spec section 4: after a share the button turns green and reads 'Invitation Sent!' for 3 seconds. */
export const SHARE_CONFIRMATION_MS = 3000;
const NETWORK_FAILURE = 'Failed to send invitation. Please try again.';

const shareWithClient = (projectId: string) => callApi('shareWithClient', { params: { id: projectId } });

const mailRefusal = (error: unknown): ShareFailure | undefined =>
  error instanceof ApiError && typeof error.body === 'object' && error.body !== null && (error.body as ShareFailure).success === false && 'details' in error.body
    ? (error.body as ShareFailure)
    : undefined;


/** The dialog's code: fetched as a share starts (below), so it opens with the green button. */
const loadOutcomeDialog = () => import('./share-outcome-dialog');
const ShareOutcomeDialog = lazy(loadOutcomeDialog);

/**
 * Share with Client: mails the client an invitation, then says so in the Project Shared dialog.
 * Offline it is disabled: 'Needs a connection' (issue 29). `look`: classes added to the button's
 * own (the footer's phone layout).
 */
export function ShareWithClientButton({ project, look = '' }: { project: Project; look?: string }) {
  const needs = useNeedsConnection();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // The 3 s count from when the green is on the screen: on a slow phone a long task can hold the
  // first frame for a while after React has drawn it.
  useEffect(() => {
    if (!confirming) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = afterNextPaint(() => (timer = setTimeout(() => setConfirming(false), SHARE_CONFIRMATION_MS)));
    return () => {
      cancel();
      clearTimeout(timer);
    };
  }, [confirming]);

  const share = useMutation({
    mutationFn: () => shareWithClient(project.id),
    // Beside the request, not after the answer: on a slow connection the dialog came after the 3 s.
    onMutate: () => void loadOutcomeDialog(),
    onSuccess: (answer) => {
      setConfirming(true);
      setOutcome({ kind: 'sent', email: answer.email, url: answer.clientDashboardUrl });
    },
    onError: (error) => {
      const refusal = mailRefusal(error);
      if (refusal) return setOutcome({ kind: 'refused', details: refusal.details || refusal.error });
      // No client e-mail, too many invitations, not the contractor: the server says which.
      toast({ variant: 'destructive', title: 'Error', description: error instanceof ApiError ? serverMessage(error, NETWORK_FAILURE) : NETWORK_FAILURE });
    },
  });

  return (
    <>
      {needs.reason}
      <button
        type="button"
        onClick={() => share.mutate()}
        disabled={share.isPending || needs.offline}
        {...needs.props}
        className={`${confirming ? `${buttonClass.success} border border-transparent` : buttonClass.secondary} ${look}`}
      >
        {share.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : confirming ? <CircleCheck aria-hidden="true" className="size-4" /> : <Share2 aria-hidden="true" className="size-4" />}
        {confirming ? 'Invitation Sent!' : 'Share with Client'}
      </button>
      <OnceOpened open={outcome !== null}>
        <ShareOutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} />
      </OnceOpened>
    </>
  );
}
