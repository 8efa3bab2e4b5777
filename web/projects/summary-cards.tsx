import { CheckCircle2, FolderOpen, TrendingUp, Users } from 'lucide-react';
import type { Project } from '../../contract/projects';

/** Spec section 2: Total Projects, Active Projects, Completed, and Total Clients (distinct client names). */
export function projectSummary(projects: readonly Pick<Project, 'status' | 'clientName'>[]) {
  return {
    total: projects.length,
    active: projects.filter((project) => project.status === 'active').length,
    completed: projects.filter((project) => project.status === 'completed').length,
    clients: new Set(projects.map((project) => project.clientName)).size,
  };
}

export function SummaryCards({ projects }: { projects: readonly Pick<Project, 'status' | 'clientName'>[] }) {
  const summary = projectSummary(projects);
  const cards = [
    { label: 'Total Projects', value: summary.total, icon: FolderOpen, tone: 'text-gray-500 dark:text-gray-400' },
    { label: 'Active Projects', value: summary.active, icon: TrendingUp, tone: 'text-green-600 dark:text-green-400' },
    { label: 'Completed', value: summary.completed, icon: CheckCircle2, tone: 'text-blue-600 dark:text-blue-400' },
    { label: 'Total Clients', value: summary.clients, icon: Users, tone: 'text-purple-600 dark:text-purple-400' },
  ];
  return (
    <dl aria-label="Summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(({ label, value, icon: Icon, tone }) => (
        // A group of a <dl> holds its <dt> and <dd> only (axe: definition-list, dlitem): the icon rides in the term.
        <div key={label} data-summary={label} className="grid min-w-0 gap-1 rounded-lg border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900">
          <dt className="flex items-start justify-between gap-2 text-sm font-medium text-gray-600 dark:text-gray-400">
            <span className="min-w-0">{label}</span>
            <Icon aria-hidden="true" className={`size-5 shrink-0 ${tone}`} />
          </dt>
          <dd className="text-2xl font-bold tabular-nums sm:text-3xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
