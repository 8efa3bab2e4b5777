import { useQueryClient } from '@tanstack/react-query';
import { ErrorComponent, Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { Role, User } from '../../events/accounts/schemas';
import { ApiError } from '../api/client';
import { isTenantSuspended } from '../api/errors';
import { queries } from '../api/queries';
import { buttonClass, linkClass } from '../components/button';
import { PageSpinner } from '../components/page-spinner';
import { useCurrentUser } from './session';
import { SuspendedNotice } from './suspended-notice';

/**
 * Screens that need a signed-in user: a spinner while loading, the login screen when signed out.
 * The `_signed-in` route's loader reads the user first and shows these same spinner and error
 * screens; `WithUser` keeps showing them if the user is read again later (a refetch that fails).
 */

function AccountError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  // A suspended company's contractor (issue 31): not an error to retry, a notice with Sign out.
  if (isTenantSuspended(error)) return <SuspendedNotice />;
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div role="alert" className="grid w-full max-w-md gap-4 rounded-lg border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
        <p className="text-sm">Could not load your account ({error.message}).</p>
        <button type="button" onClick={onRetry} className={buttonClass.secondary}>
          Try again
        </button>
      </div>
    </main>
  );
}

/** The `_signed-in` route's error screen: the account's, when reading the user failed; the router's own for anything else. */
export function UserLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const accountError = queryClient.getQueryState(queries.me().queryKey)?.error;
  if (!accountError || accountError !== error) return <ErrorComponent error={error} />;
  return <AccountError error={accountError} onRetry={() => void router.invalidate()} />;
}

// Signed-in screens rarely need the sign-in form (and its form library): fetched only then (issue 14).
const LoginScreen = lazy(() => import('./login-screen').then((module) => ({ default: module.LoginScreen })));

/** The login screen in place of a screen that needs a signed-in user. */
export function SignInInstead() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <LoginScreen />
    </Suspense>
  );
}

/**
 * Offline (issue 29) the user comes from the copy kept on the device: a read that cannot reach the
 * server (no answer at all) leaves the person signed in as they were. A 401 still signs them out
 * (the user becomes null) and any other answer of the server still shows the account error.
 */
export function WithUser({ children }: { children: (user: User) => ReactNode }) {
  const me = useCurrentUser();
  if (me.isPending) return <PageSpinner />;
  if (me.isError && (me.error instanceof ApiError || !me.data)) return <AccountError error={me.error} onRetry={() => void me.refetch()} />;
  return me.data ? children(me.data) : <SignInInstead />;
}

/** A route for one role (or, without `role`, any signed-in user); a wrong role sees Access Denied. */
export function RequireAuth({ role, children }: { role?: Role; children: (user: User) => ReactNode }) {
  return <WithUser>{(user) => (role && user.role !== role ? <AccessDenied user={user} /> : children(user))}</WithUser>;
}

function AccessDenied({ user }: { user: User }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-md rounded-lg border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900">
        <div className="flex items-center gap-2">
          <ShieldAlert aria-hidden="true" className="size-6 shrink-0 text-red-500" />
          <h1 className="text-2xl font-bold">Access Denied</h1>
        </div>
        <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">
          {user.role === 'client'
            ? 'This page is only accessible to contractors. You can only view individual projects you have been assigned to.'
            : 'You do not have permission to access this page.'}
        </p>
        <Link to="/" className={`mt-6 inline-block text-sm ${linkClass}`}>
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
