import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { accountMessages, type User } from '../../events/accounts/schemas';
import { serverMessage } from '../api/errors';
import { queries } from '../api/queries';
import { queryKeys } from '../api/query-keys';
import { logout, verifyEmail } from '../auth/api';
import { useCurrentUser } from '../auth/session';
import { parseVerifyPageSearch } from '../auth/verify-search';
import { AuthCard } from '../components/auth-card';
import { buttonClass } from '../components/button';

/**
 * The page the verification and invitation links open (/verify-email?token=…&email=…). Signed in,
 * it proves the account's e-mail at once; signed out, it offers Sign In or Create Account with the
 * e-mail filled in, which come back here to finish.
 */
export const Route = createFileRoute('/verify-email')({ validateSearch: parseVerifyPageSearch, component: VerifyEmailScreen });

function VerifyEmailScreen() {
  const { token, email } = Route.useSearch();
  const me = useCurrentUser();

  if (!token) {
    return (
      <AuthCard title="Invalid verification link" description={accountMessages.invalidVerificationLink}>
        <Link to="/" className={`${buttonClass.primary} w-full`}>
          Go to Construction Checklist
        </Link>
      </AuthCard>
    );
  }
  if (me.isPending) {
    return (
      <AuthCard title="Confirm your email">
        <LoaderCircle role="status" aria-label="Loading" className="size-6 animate-spin text-gray-500" />
      </AuthCard>
    );
  }
  if (!me.data) {
    const search = { verify: token, ...(email ? { email } : {}) };
    return (
      <AuthCard
        title="Confirm your email"
        description={
          <>
            Sign in, or create an account, with <strong className="break-all">{email ?? 'the email address this link was sent to'}</strong> to confirm it and see your
            project.
          </>
        }
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Link to="/login" search={search} className={buttonClass.primary}>
            Sign In
          </Link>
          <Link to="/register" search={search} className={buttonClass.secondary}>
            Create Account
          </Link>
        </div>
      </AuthCard>
    );
  }
  return <Verification token={token} user={me.data} />;
}

/** Tokens are single use: the request goes once per token, even if React runs the effect twice. */
const attempted = new Set<string>();

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
    onSuccess: () => {
      attempted.delete(token);
      queryClient.setQueryData(queries.me().queryKey, null);
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || attempted.has(token)) return;
    started.current = true;
    attempted.add(token);
    verify.mutate();
  }, [token, verify]);

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
          <Link to="/" className={`${buttonClass.primary} w-full`}>
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
            <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending} className={buttonClass.secondary}>
              Use another account
            </button>
          </div>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your email" description={`Confirming ${user.email} …`}>
      <LoaderCircle role="status" aria-label="Verifying" className="size-6 animate-spin text-gray-500" />
    </AuthCard>
  );
}
