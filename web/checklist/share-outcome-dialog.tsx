import { CircleCheck, TriangleAlert } from 'lucide-react';
import { ModalDialog } from '../components/dialog';
import { safeHref } from './model';

/** What a share came to. */
export type Outcome = { kind: 'sent'; email: string; url: string } | { kind: 'refused'; details: string };

/** Project Shared, or Invitation Not Sent (spec section 4), fetched at the first share (share-with-client.tsx). */
export default function ShareOutcomeDialog({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  return (
    <ModalDialog open={outcome !== null} onOpenChange={(open) => !open && onClose()} title={outcome?.kind === 'refused' ? 'Invitation Not Sent' : 'Project Shared'}>
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
  );
}
