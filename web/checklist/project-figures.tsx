import { MapPin } from 'lucide-react';
import { flagStatsOfApi } from '../../contract/flags';
import type { Project, ProjectStats, Room } from '../../contract/projects';
import { ProgressBar } from '../components/progress-bar';
import { ProjectDates } from '../projects/project-dates';
import { cardClass } from './ui';

/** The project's summary card (name, address, dates, counters, progress bars) and its progress block. */

export function ProjectSummary({ project, stats }: { project: Project; stats: ProjectStats }) {
  const { count, percentage } = flagStatsOfApi(stats);
  const counters = [
    { label: 'Total Items', value: stats.total, className: '' },
    { label: 'Completed', value: stats.completed, className: 'text-green-700 dark:text-green-400' },
    { label: 'Remaining', value: Math.max(0, stats.total - stats.completed), className: 'text-amber-700 dark:text-amber-400' },
    { label: 'Selected', value: count.selected, className: 'text-red-700 dark:text-red-400' },
    { label: 'Installed', value: count.installed, className: 'text-green-700 dark:text-green-400' },
  ];
  return (
    <section aria-labelledby="project-summary-title" className={`${cardClass} grid gap-3 p-3 sm:p-4 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center lg:gap-x-6`}>
      <div className="min-w-0">
        <h1 id="project-summary-title" className="text-xl font-bold break-words sm:text-2xl">
          {project.name}
        </h1>
        <p className="mt-1 flex items-start gap-1.5 text-sm break-words text-gray-600 dark:text-gray-400">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {project.address}
        </p>
        <ProjectDates project={project} />
      </div>
      <dl className="grid grid-cols-5 gap-1.5 sm:gap-2">
        {counters.map(({ label, value, className }) => (
          <div key={label} className="flex min-w-0 flex-col justify-between rounded-md border border-gray-200 bg-gray-50 px-1.5 py-1 sm:px-2.5 sm:py-1.5 lg:min-w-24 dark:border-gray-800 dark:bg-gray-800/50">
            <dt className="text-[0.6875rem] leading-tight font-medium text-gray-600 sm:text-xs dark:text-gray-400">{label}</dt>
            <dd data-testid={`counter-${label.toLowerCase().replace(' ', '-')}`} className={`text-lg font-bold tabular-nums sm:text-xl ${className}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid grid-cols-3 items-end gap-3 lg:col-span-2">
        <ProgressBar label="Overall Progress" percent={stats.percentage} tone="blue" />
        <ProgressBar label="Contractor Progress" percent={percentage.selected} tone="red" />
        <ProgressBar label="Client Progress" percent={percentage.installed} tone="green" />
      </div>
    </section>
  );
}

export function ProgressBlock({ stats, rooms }: { stats: ProjectStats; rooms: readonly Room[] }) {
  const completeRooms = rooms.filter((room) => room.totalItems > 0 && room.completedItems === room.totalItems).length;
  return (
    <section aria-labelledby="progress-block-title" className={`${cardClass} flex items-center gap-x-4 px-3 py-2 max-sm:flex-wrap sm:px-4 sm:py-3`}>
      <p className="text-2xl font-bold sm:text-3xl text-blue-600 tabular-nums dark:text-blue-400">{stats.percentage}%</p>
      <div className="min-w-0">
        <h2 id="progress-block-title" className="text-base font-semibold">
          Progress
        </h2>
        <p className="text-xs text-gray-600 sm:text-sm dark:text-gray-400">
          {stats.completed} of {stats.total} items complete · {completeRooms} of {rooms.length} rooms complete
        </p>
      </div>
    </section>
  );
}
