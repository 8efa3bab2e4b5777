import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleCheck, ShieldAlert } from 'lucide-react';
import { callApi } from '../api/call';
import { ApiError } from '../api/client';
import { serverMessage } from '../api/errors';
import { AuthCard } from '../components/auth-card';
import { LinkRefused } from '../components/link-refused';
import { buttonClass } from '../components/button';
import { SubmitButton } from '../components/form';

/**
 * The page the 'this was not me' link opens (/not-me#token=…, issue 27): the link in the notice
 * of a password or e-mail change. It asks before acting (mail scanners open links); the button
 * ends every session of the account, removes its password and gives back the address the notice
 * was sent to.
 */

const INVALID = 'This link is invalid, has expired or was already used.';

export function NotMeScreen({ token }: { token: string | undefined }) {
  const notMe = useMutation({ mutationFn: (value: string) => callApi('notMe', { body: { token: value } }) });
  if (!token) return <Failed message={INVALID} />;
  if (notMe.isError) {
    const refused = notMe.error instanceof ApiError && notMe.error.status === 400;
    return <Failed message={refused ? INVALID : serverMessage(notMe.error, 'Could not secure the account. Please try again later.')} />;
  }
  if (notMe.isSuccess) {
    return (
      <AuthCard title="Your account is secured">
        <div className="grid gap-4">
          <p role="status" className="flex items-start gap-2 text-sm text-gray-700 dark:text-gray-300">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />
            <span>{notMe.data.message}</span>
          </p>
          <Link to="/login" className={`${buttonClass.primary} w-full`}>
            Go to Sign In
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="This was not me"
      description="Sign the account out everywhere, remove its password and, if its e-mail was changed, give it back the address this notice was sent to. You then sign in with a link mailed to you, or reset your password."
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          notMe.mutate(token);
        }}
      >
        <SubmitButton pending={notMe.isPending} className={`${buttonClass.primary} w-full`}>
          <ShieldAlert aria-hidden="true" className="size-4" />
          Sign out everywhere
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

const Failed = ({ message }: { message: string }) => <LinkRefused title="Could not secure the account" message={message} signInLabel="Go to Sign In" emphasis="secondary" />;
