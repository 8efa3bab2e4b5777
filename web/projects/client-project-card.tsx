import { ArrowRight, Calendar, MapPin } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { buttonClass } from '../components/button';
import type { ClientProject } from '../../contract/projects';
import { KeepOfflineToggle } from '../offline/cache/keep-offline-toggle';
import { formatDate } from './format';
import { percentFromFraction } from './progress';
import { OverallProgress } from './progress-bar';
import { StatusBadge } from './status-badge';

/** One assigned project on the client dashboard (spec section 2). */
export function ClientProjectCard({ project }: { project: ClientProject }) {
  const nameId = useId();
  return (
    <article aria-labelledby={nameId} className="flex min-w-0 flex-col rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <div className="flex items-start justify-between gap-2">
        <h2 id={nameId} className="min-w-0 text-lg leading-snug font-semibold break-words">
          {project.name}
        </h2>
        <StatusBadge status={project.status} />
      </div>
      <ul className="mt-3 grid gap-2 text-sm text-gray-700 dark:text-gray-300">
        <li className="flex min-w-0 items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400 dark:text-gray-500" />
          <span className="sr-only">Address: </span>
          <span className="min-w-0 break-words">{project.address}</span>
        </li>
        {project.startDate && (
          <li className="flex min-w-0 items-start gap-2">
            <Calendar aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400 dark:text-gray-500" />
            <span>Started {formatDate(project.startDate)}</span>
          </li>
        )}
      </ul>
      <div className="mt-auto grid gap-5 pt-5">
        <OverallProgress percent={percentFromFraction(project.stats.overallCompletion)} />
        {/* Within the app (no new page load): what the list read stays in memory, to be kept on the device (issue 29). */}
        <Link to="/$checklist/$id" params={{ checklist: 'client-project', id: project.id }} className={`${buttonClass.primary} w-full`}>
          View Project Details
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        {/* Issue 29: kept on this device, to open with no signal. */}
        <KeepOfflineToggle projectId={project.id} className={`${buttonClass.secondary} -mt-3 w-full`} iconClass="size-4" />
      </div>
    </article>
  );
}
