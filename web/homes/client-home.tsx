import { FolderOpen } from 'lucide-react';
import type { User } from '../../events/accounts/schemas';
import { AppHeader } from '../components/app-header';
import { ThemeToggle } from '../components/theme';
import { useClientProjects } from '../projects/api';
import { ClientProjectCard } from '../projects/client-project-card';
import { EmptyState, ListError, ListSpinner } from '../projects/list-states';

/** The client's home (at / and /client-dashboard): 'Your Projects', one card per assigned project (spec section 2). */
export function ClientHome({ user }: { user: User }) {
  const projects = useClientProjects(Boolean(user));

  return (
    <>
      <AppHeader user={user}>
        <ThemeToggle />
      </AppHeader>
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold">Your Projects</h1>
        {projects.isPending ? (
          <ListSpinner label="Loading your projects" />
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
