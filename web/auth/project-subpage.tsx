import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { User } from '../../events/accounts/schemas';
import { AppHeader } from './app-header';
import { linkClass } from '../components/button';
import { ThemeToggle } from '../components/theme';

/**
 * A page of one project beside its checklist (the Audit trail, the Punch list, Change orders): the
 * app's header, 'Back to checklist' (the contractor's or the client's), the page's title over the
 * project's name (a blank line until it is known, so nothing moves when it comes), the page's main
 * action on the right, then the page.
 */
export function ProjectSubpage({
  user,
  projectId,
  title,
  projectName,
  action,
  below,
  width = 'max-w-5xl',
  children,
}: {
  user: User;
  projectId: string;
  title: string;
  projectName: string | undefined;
  action?: ReactNode;
  /** Under the title, inside the page's heading block. */
  below?: ReactNode;
  width?: 'max-w-4xl' | 'max-w-5xl';
  children: ReactNode;
}) {
  const checklist = user.role === 'client' ? 'client-project' : 'project';
  return (
    <>
      <AppHeader user={user}>
        <ThemeToggle />
      </AppHeader>
      <main className={`mx-auto grid ${width} gap-6 px-4 py-6 sm:px-6 sm:py-8`}>
        <div className="grid gap-3">
          <Link to="/$checklist/$id" params={{ checklist, id: projectId }} className={`${linkClass} inline-flex min-h-6 items-center gap-1 justify-self-start text-sm`}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to checklist
          </Link>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
              <p className="text-sm break-words text-gray-600 dark:text-gray-400">{projectName ?? '\u00a0'}</p>
            </div>
            {action}
          </div>
          {below}
        </div>
        {children}
      </main>
    </>
  );
}
