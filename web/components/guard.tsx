import { Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Role, User } from '../../events/accounts/schemas';
import { LoginScreen } from '../auth/login-screen';
import { useCurrentUser } from '../auth/session';
import { buttonClass, linkClass } from './button';

/** Screens that need a signed-in user: a spinner while loading, the login screen when signed out. */

function Spinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <div role="status" aria-label="Loading" className="size-8 animate-spin rounded-full border-4 border-gray-300 border-t-blue-600 dark:border-gray-700 dark:border-t-blue-400" />
    </div>
  );
}

export function WithUser({ children }: { children: (user: User) => ReactNode }) {
  const me = useCurrentUser();
  if (me.isPending) return <Spinner />;
  if (me.isError) {
    return (
      <main className="flex min-h-screen items-center justify-center p-4">
        <div role="alert" className="grid w-full max-w-md gap-4 rounded-lg border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
          <p className="text-sm">Could not load your account ({me.error.message}).</p>
          <button type="button" onClick={() => void me.refetch()} className={buttonClass.secondary}>
            Try again
          </button>
        </div>
      </main>
    );
  }
  return me.data ? children(me.data) : <LoginScreen />;
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
