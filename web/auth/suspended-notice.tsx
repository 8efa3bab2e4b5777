import { PauseCircle } from 'lucide-react';
import { TENANT_SUSPENDED_MESSAGE } from '../../events/tenants/messages';
import { buttonClass } from '../components/button';
import { useSignOut } from './session';

/**
 * What a suspended company's contractor sees in place of the app (issue 31): every route refuses
 * them until the service resumes the company, so the page says so once, and offers only Sign out.
 */
export function SuspendedNotice() {
  const signOut = useSignOut();
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div role="alert" className="grid w-full max-w-md gap-4 rounded-lg border border-amber-300 bg-white p-6 dark:border-amber-700 dark:bg-gray-900">
        <div className="flex items-center gap-2">
          <PauseCircle aria-hidden="true" className="size-6 shrink-0 text-amber-600 dark:text-amber-400" />
          <h1 className="text-xl font-bold">Account suspended</h1>
        </div>
        <p className="text-sm text-gray-700 dark:text-gray-300">{TENANT_SUSPENDED_MESSAGE}</p>
        <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending} className={`${buttonClass.secondary} justify-self-start`}>
          Sign out
        </button>
      </div>
    </main>
  );
}
