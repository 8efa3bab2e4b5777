import { useMutation } from '@tanstack/react-query';
import { CircleCheck, LoaderCircle, Share2, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { callApi } from '../api/call';
import { ApiError } from '../api/client';
import { serverMessage } from '../api/errors';
import { buttonClass } from '../components/button';
import { safeHref } from './model';
import { ModalDialog } from '../components/dialog';
import { toast } from '../components/toast';
import type { Project, ShareFailure } from '../../contract/projects';

/** Spec section 4: after a share the button turns green and reads 'Invitation Sent!' for 3 seconds. */
export const SHARE_CONFIRMATION_MS = 3000;
const NETWORK_FAILURE = 'Failed to send invitation. Please try again.';

const shareWithClient = (projectId: string) => callApi('shareWithClient', { params: { id: projectId } });

const mailRefusal = (error: unknown): ShareFailure | undefined =>
  error instanceof ApiError && typeof error.body === 'object' && error.body !== null && (error.body as ShareFailure).success === false && 'details' in error.body
    ? (error.body as ShareFailure)
    : undefined;

type Outcome = { kind: 'sent'; email: string; url: string } | { kind: 'refused'; details: string };

/** Share with Client: mails the client an invitation, then says so in the Project Shared dialog. */
export function ShareWithClientButton({ project }: { project: Project }) {
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), SHARE_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [confirming]);

  const share = useMutation({
    mutationFn: () => shareWithClient(project.id),
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
      <button
        type="button"
        onClick={() => share.mutate()}
        disabled={share.isPending}
        className={confirming ? `${buttonClass.success} border border-transparent` : buttonClass.secondary}
      >
        {share.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : confirming ? <CircleCheck aria-hidden="true" className="size-4" /> : <Share2 aria-hidden="true" className="size-4" />}
        {confirming ? 'Invitation Sent!' : 'Share with Client'}
      </button>
      <ModalDialog open={outcome !== null} onOpenChange={(open) => !open && setOutcome(null)} title={outcome?.kind === 'refused' ? 'Invitation Not Sent' : 'Project Shared'}>
        {outcome?.kind === 'sent' && (
          <div className="grid gap-3 text-sm">
            <p className="flex items-start gap-2 font-medium text-green-700 dark:text-green-400">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="break-words">Invitation sent to {outcome.email}!</span>
            </p>
            <p className="text-gray-700 dark:text-gray-300">
              Once they confirm their email, your client follows the project on their dashboard:{' '}
              <a href={safeHref(outcome.url)} className="font-medium break-words text-blue-600 hover:underline dark:text-blue-400">
                {outcome.url}
              </a>
            </p>
          </div>
        )}
        {outcome?.kind === 'refused' && (
          <div role="alert" className="grid gap-3 text-sm">
            <p className="flex items-start gap-2 font-medium text-red-700 dark:text-red-400">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="break-words">Email sending failed: {outcome.details}</span>
            </p>
            <p className="text-gray-700 dark:text-gray-300">Please check the e-mail provider configuration (the sender address must be verified in Amazon SES) and try again.</p>
          </div>
        )}
      </ModalDialog>
    </>
  );
}
