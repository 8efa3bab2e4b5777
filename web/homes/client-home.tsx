import { useMutation, useQuery } from '@tanstack/react-query';
import { FolderOpen, MailCheck } from 'lucide-react';
import type { User } from '../../events/accounts/schemas';
import { serverMessage } from '../api/errors';
import { queries } from '../api/queries';
import { resendVerification } from '../auth/api';
import { AppHeader } from '../auth/app-header';
import { buttonClass } from '../components/button';
import { toast } from '../components/toast';
import { ThemeToggle } from '../components/theme';
import { ClientProjectCard } from '../projects/client-project-card';
import { EmptyState, ListError, ListSpinner } from '../components/list-states';
import { OfflineNotice } from '../offline/cache/offline-notice';
import { useNeedsConnection } from '../offline/cache/needs-connection';
import { queryKeys } from '../api/query-keys';
import { NotKeptOffline } from '../offline/cache/not-kept';

/** The client's home (at / and /client-dashboard): 'Your Projects', one card per assigned project (spec section 2). */
export function ClientHome({ user }: { user: User }) {
  // Spec: the client's list is read only once a user is loaded.
  const projects = useQuery({ ...queries.clientProjects(), enabled: Boolean(user) });

  return (
    <>
      <AppHeader user={user}>
        <ThemeToggle />
      </AppHeader>
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold">Your Projects</h1>
        {/* Issue 29: offline, how old the list on screen is. */}
        <OfflineNotice shown={{ listKey: queryKeys.clientProjects }} />
        {!user.isEmailVerified && <CheckYourEmail email={user.email} />}
        {projects.isPending ? (
          projects.fetchStatus === 'paused' ? <NotKeptOffline text="Your projects are not kept on this device yet: they show here when the connection is back." /> : <ListSpinner label="Loading your projects" />
        ) : projects.isError ? (
          <ListError what="your projects" error={projects.error} onRetry={() => void projects.refetch()} retrying={projects.isFetching} />
        ) : projects.data.length === 0 ? (
          <EmptyState icon={<FolderOpen aria-hidden="true" className="size-12 text-gray-400 dark:text-gray-500" />} title="No Projects Assigned">
            <p className="mt-2 max-w-md text-sm text-gray-600 dark:text-gray-400">
              You don't have any projects assigned to you yet. Contact your contractor to get access to your project.
            </p>
          </EmptyState>
        ) : (
          <div className="grid gap-4 sm:gap-6 md:grid-cols-2 xl:grid-cols-3">
            {projects.data.map((project) => (
              <ClientProjectCard key={project.id} project={project} />
            ))}
          </div>
        )}
      </main>
    </>
  );
}

/** Until the client proves their e-mail, no project shows: say so, and offer to send the link again. */
function CheckYourEmail({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: ({ message, verificationLink }) =>
      // On the local cloud the link comes back too, shown like the development reset link.
      toast(verificationLink ? { title: 'Verification link (development)', description: verificationLink, duration: 10000 } : { title: 'Verification email sent', description: message }),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to send the verification email. Please try again.') }),
  });
  const needs = useNeedsConnection();
  return (
    <section aria-labelledby="check-email-title" className="flex flex-col gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950">
      <div className="flex items-start gap-3">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
        <div className="grid gap-1">
          <h2 id="check-email-title" className="font-semibold">
            Check your email
          </h2>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            We sent a link to <strong className="break-all">{email}</strong>. Open it to confirm your email address: the projects your contractor shares with
            you appear here once it is confirmed.
          </p>
        </div>
      </div>
      {needs.reason}
      <button type="button" onClick={() => resend.mutate()} disabled={resend.isPending || needs.offline} {...needs.props} className={`${buttonClass.secondary} shrink-0`}>
        {resend.isPending ? 'Sending...' : 'Resend Email'}
      </button>
    </section>
  );
}
