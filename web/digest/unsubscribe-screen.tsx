import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { callApi } from '../api/call';
import { ApiError } from '../api/client';
import { serverMessage } from '../api/errors';
import { AuthCard } from '../components/auth-card';
import { LinkRefused } from '../components/link-refused';
import { buttonClass } from '../components/button';
import { SubmitButton } from '../components/form';

/**
 * The page a decisions digest's unsubscribe link opens (/digest-unsubscribe#token=…, issue 18). It
 * asks before acting: mail scanners open links, and opening one must not unsubscribe anybody. The
 * button posts the token; the answer (or why it failed) is shown.
 */

const INVALID = 'The unsubscribe link is not valid';

export function UnsubscribeScreen({ token }: { token: string | undefined }) {
  const unsubscribe = useMutation({ mutationFn: (signed: string) => callApi('digestUnsubscribe', { body: { token: signed } }) });
  if (!token) return <Failed message={INVALID} />;
  // A refused token is a 400 (forged, altered or cut short); anything else is worth another try.
  if (unsubscribe.isError) {
    const refused = unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400;
    return <Failed message={refused ? INVALID : serverMessage(unsubscribe.error, 'Could not unsubscribe. Please try again later.')} />;
  }
  if (unsubscribe.isSuccess) {
    return (
      <AuthCard title="Unsubscribed">
        <p role="status" className="flex items-start gap-2 text-sm text-gray-700 dark:text-gray-300">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />
          <span>{unsubscribe.data.message}</span>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Unsubscribe from the decisions e-mail" description="You get a daily e-mail of the selections due on this project. Stop it?">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          unsubscribe.mutate(token);
        }}
      >
        <SubmitButton pending={unsubscribe.isPending} className={`${buttonClass.primary} w-full`}>
          Unsubscribe
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

const Failed = ({ message }: { message: string }) => <LinkRefused title="Could not unsubscribe" message={message} signInLabel="Go to Sign In" emphasis="secondary" />;
