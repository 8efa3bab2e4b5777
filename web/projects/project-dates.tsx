import { CalendarDays } from 'lucide-react';
import type { Project } from '../../contract/projects';
import { formatDate } from './format';

/** A project's Start date and Target completion date (spec section 3; issue 18), on one line; nothing while neither is set. */
export function ProjectDates({ project, className = '' }: { project: Pick<Project, 'startDate' | 'targetCompletionDate'>; className?: string }) {
  const { startDate, targetCompletionDate } = project;
  if (!startDate && !targetCompletionDate) return null;
  return (
    <p data-testid="project-dates" className={`mt-1 flex items-start gap-1.5 text-sm text-gray-600 dark:text-gray-400 ${className}`}>
      <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="flex flex-wrap gap-x-3">
        {startDate && <span>Start: {formatDate(startDate)}</span>}
        {targetCompletionDate && <span>Target completion: {formatDate(targetCompletionDate)}</span>}
      </span>
    </p>
  );
}
