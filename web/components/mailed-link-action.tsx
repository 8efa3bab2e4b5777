import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { serverMessage } from '../api/errors';
import { AuthCard } from './auth-card';
import { buttonClass } from './button';
import { SubmitButton } from './form';
import { LinkRefused } from './link-refused';

/**
 * The page a mailed link opens when the link does one thing (unsubscribe from the digest, 'this
 * was not me'): it asks before acting, because mail scanners open links and opening one must
 * change nothing; the button posts the token, then the answer's message, or why it failed, shows.
 * A refused token (400: forged, altered, spent or cut short) says `invalid`; anything else is
 * worth another try and says the server's message or `failedFallback`.
 */
export interface MailedLinkActionProps {
  readonly token: string | undefined;
  readonly act: (token: string) => Promise<{ message: string }>;
  readonly title: string;
  readonly description: string;
  readonly button: ReactNode;
  readonly doneTitle: string;
  /** Below the answer's message once done (a way on, if there is one). */
  readonly done?: ReactNode;
  readonly failedTitle: string;
  readonly failedFallback: string;
  readonly invalid: string;
}

export function MailedLinkAction({ token, act, title, description, button, doneTitle, done, failedTitle, failedFallback, invalid }: MailedLinkActionProps) {
  const action = useMutation({ mutationFn: act });
  const failed = (message: string) => <LinkRefused title={failedTitle} message={message} signInLabel="Go to Sign In" emphasis="secondary" />;
  if (!token) return failed(invalid);
  if (action.isError) {
    const refused = action.error instanceof ApiError && action.error.status === 400;
    return failed(refused ? invalid : serverMessage(action.error, failedFallback));
  }
  if (action.isSuccess) {
    const message = (
      <p role="status" className="flex items-start gap-2 text-sm text-gray-700 dark:text-gray-300">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />
        <span>{action.data.message}</span>
      </p>
    );
    return (
      <AuthCard title={doneTitle}>
        {done ? (
          <div className="grid gap-4">
            {message}
            {done}
          </div>
        ) : (
          message
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} description={description}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          action.mutate(token);
        }}
      >
        <SubmitButton pending={action.isPending} className={`${buttonClass.primary} w-full`}>
          {button}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
