import { FolderOpen, Plus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '../../events/accounts/schemas';
import { queries } from '../api/queries';
import { AppHeader } from '../auth/app-header';
import { buttonClass } from '../components/button';
import { ThemeToggle } from '../components/theme';
import { EmptyState, ListError, ListSpinner } from '../components/list-states';
import { NotKeptOffline } from '../offline/cache/not-kept';
import { OfflineNotice } from '../offline/cache/offline-notice';
import { queryKeys } from '../api/query-keys';
import { ProjectCard } from '../projects/project-card';
import { NewProjectDialog } from '../projects/project-form-dialog';
import { SummaryCards } from '../projects/summary-cards';

/** The contractor's home (at / and /projects): summary cards, New Project, and one card per project (spec section 2). */
export function ContractorHome({ user }: { user: User }) {
  const projects = useQuery(queries.projectsWithStats());
  const [creating, setCreating] = useState(false);

  return (
    <>
      <AppHeader user={user}>
        <ThemeToggle />
      </AppHeader>
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold">Projects</h1>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Your job sites, their clients and how far each has come.</p>
          </div>
          <button type="button" className={buttonClass.primary} onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New Project
          </button>
        </div>

        {/* Issue 29: offline, how old the list on screen is. */}
        <OfflineNotice shown={{ listKey: queryKeys.projectsWithStats }} />
        {projects.isPending ? (
          projects.fetchStatus === 'paused' ? <NotKeptOffline text="Your projects are not kept on this device yet: they show here when the connection is back." /> : <ListSpinner label="Loading projects" />
        ) : projects.isError ? (
          <ListError what="your projects" error={projects.error} onRetry={() => void projects.refetch()} retrying={projects.isFetching} />
        ) : (
          <>
            <SummaryCards projects={projects.data} />
            {projects.data.length === 0 ? (
              <EmptyState icon={<FolderOpen aria-hidden="true" className="size-12 text-gray-400 dark:text-gray-500" />} title="No projects yet">
                <p className="mt-2 max-w-sm text-sm text-gray-600 dark:text-gray-400">Add a project for each job site to follow its rooms and checklist with your client.</p>
                <button type="button" className={`${buttonClass.primary} mt-6`} onClick={() => setCreating(true)}>
                  <Plus aria-hidden="true" className="size-4" />
                  Create Your First Project
                </button>
              </EmptyState>
            ) : (
              <section aria-labelledby="project-list-heading">
                <h2 id="project-list-heading" className="sr-only">
                  Project list
                </h2>
                <div className="grid gap-4 sm:gap-6 md:grid-cols-2 xl:grid-cols-3">
                  {projects.data.map((project) => (
                    <ProjectCard key={project.id} project={project} />
                  ))}
                </div>
              </section>
            )}
          </>
        )}
      </main>
      <NewProjectDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}

