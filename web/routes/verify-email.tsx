import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { FormEvent } from 'react';
import { accountMessages, type User } from '../../events/accounts/schemas';
import { serverMessage } from '../api/errors';
import { queries } from '../api/queries';
import { queryKeys } from '../api/query-keys';
import { logout, verifyEmail } from '../auth/api';
import { useMailedLink } from '../auth/mailed-link';
import { useCurrentUser } from '../auth/session';
import { parseVerifyPageSearch, verifyHash } from '../auth/verify-search';
import { AuthCard } from '../components/auth-card';
import { buttonClass } from '../components/button';
import { SubmitButton } from '../components/form';
import { usePrerendered } from '../components/use-prerendered';

/**
 * The page the verification and invitation links open (/verify-email#token=…&email=…). Signed in,
 * it names the account whose e-mail it will prove and proves it on a click (never on opening: mail
 * scanners open links); signed out, it offers Sign In or Create Account with the e-mail filled in,
 * which come back here to finish.
 */
export const Route = createFileRoute('/verify-email')({ validateSearch: parseVerifyPageSearch, component: VerifyEmailScreen });

function VerifyEmailScreen() {
  const { token, email } = useMailedLink(Route.useSearch());
  const me = useCurrentUser();
  // The prerendered page (web/prerender.tsx) is the signed-out card: the link's token and address
  // and the session are only in the browser.
  const prerendered = usePrerendered();

  if (!token && !prerendered) {
    return (
      <AuthCard title="Invalid verification link" description={accountMessages.invalidVerificationLink}>
        <Link to="/" className={`${buttonClass.primary} w-full`}>
          Go to Construction Checklist
        </Link>
      </AuthCard>
    );
  }
  // Also while the session is read: a link's first visitor is signed out, and the card stays put.
  if (prerendered || !token || !me.data) {
    // The token goes on in the fragment, as it came (issue 27): a reload of Sign In sends it nowhere.
    const search = email && !prerendered ? { email } : {};
    const hash = token && !prerendered ? verifyHash(token) : undefined;
    return (
      <AuthCard
        title="Confirm your email"
        description={
          <>
            {/* The address on a line of its own: the prerendered page's words for it and the link's address take one line each (no shift), unless an address is longer than a line. */}
            Sign in, or create an account, with <strong className="block break-all">{search.email ?? 'the address this link was sent to'}</strong> to confirm it and see
            your project.
          </>
        }
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Link to="/login" search={search} hash={hash} className={buttonClass.primary}>
            Sign In
          </Link>
          <Link to="/register" search={search} hash={hash} className={buttonClass.secondary}>
            Create Account
          </Link>
        </div>
      </AuthCard>
    );
  }
  return <Verification key={token} token={token} user={me.data} />;
}

function Verification({ token, user }: { token: string; user: User }) {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () => verifyEmail(token),
    onSuccess: ({ user: verified }) => {
      queryClient.setQueryData(queries.me().queryKey, verified);
      void queryClient.invalidateQueries({ queryKey: queryKeys.clientProjects });
    },
  });
  const signOut = useMutation({
    mutationFn: logout,
    onSuccess: () => queryClient.setQueryData(queries.me().queryKey, null),
  });
  const anotherAccountButton = (
    <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending || verify.isPending} className={buttonClass.secondary}>
      Use another account
    </button>
  );

  if (verify.isSuccess) {
    return (
      <AuthCard
        title="Email verified"
        description={
          user.role === 'client'
            ? 'Your email address is confirmed. The projects your contractor shares with it are on your dashboard.'
            : 'Your email address is confirmed.'
        }
      >
        <div className="grid gap-4">
          <CircleCheck aria-hidden="true" className="size-10 text-green-600 dark:text-green-400" />
          {verify.data.passwordCleared && (
            // Issue 27: a password set before the address was proved could be anyone's; its prover chooses one now.
            <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
              The password this account had was set before its email was confirmed, so it no longer works. Choose a new one in Account Settings now, or sign in
              with a link mailed to you.
            </p>
          )}
          {verify.data.passwordCleared && (
            <Link to="/account-settings" className={`${buttonClass.primary} w-full`}>
              Set a Password
            </Link>
          )}
          <Link to="/" className={`${verify.data.passwordCleared ? buttonClass.secondary : buttonClass.primary} w-full`}>
            {user.role === 'client' ? 'Go to Your Projects' : 'Go to Projects'}
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (verify.isError) {
    return (
      <AuthCard title="Could not verify your email">
        <div className="grid gap-4">
          <p role="alert" className="flex items-start gap-2 text-sm text-red-700 dark:text-red-400">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{serverMessage(verify.error, accountMessages.invalidVerificationLink)}</span>
          </p>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            You are signed in as <strong className="break-all">{user.email}</strong>.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <Link to="/" className={buttonClass.primary}>
              Continue as {user.firstName}
            </Link>
            {anotherAccountButton}
          </div>
        </div>
      </AuthCard>
    );
  }
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate();
  };
  return (
    <AuthCard
      title="Confirm your email"
      description={
        <>
          This confirms the email address of the account you are signed in as, <strong className="break-words">{user.email}</strong>.
        </>
      }
    >
      <form onSubmit={confirm} className="grid gap-3 sm:grid-cols-2">
        <SubmitButton pending={verify.isPending}>Confirm Email</SubmitButton>
        {anotherAccountButton}
      </form>
    </AuthCard>
  );
}
