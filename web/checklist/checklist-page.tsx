import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, FolderOpen, KeyRound, LoaderCircle, MapPin, Printer, Save } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { Project, ProjectStats, Room } from '../../contract/projects';
import type { User } from '../../events/accounts/schemas';
import type { RoomType } from '../../events/projects/model';
import { roomLabels } from '../../events/projects/model';
import { ApiError } from '../api/client';
import { queries } from '../api/queries';
import { ChatAndHistoryButtons } from '../chat/chat-controls';
import { UserMenu } from '../auth/app-header';
import { buttonClass, iconButtonClass } from '../components/button';
import { ThemeToggle } from '../components/theme';
import { EmptyState, ListError, ListSpinner } from '../components/list-states';
import { emptyStats, refreshProject } from './api';
import { ExportPdfButton } from './export-pdf-button';
import { SavingHint } from './item-details';
import { useProjectLiveUpdates } from './live-updates';
import { groupRooms, roomCountLabel } from './model';
import { useAddRoom, useSaveLockBoxCode } from './mutations';
import { PrintingContext, usePrinting } from './printing';
import './checklist.css';
import { RoomCard } from './room-card';
import { ShareWithClientButton } from './share-with-client';
import { useAutosave } from './use-autosave';
import { useCurrentTime } from '../components/use-current-time';
import { ProgressBar } from '../components/progress-bar';
import { inputClass } from '../components/input';
import { cardClass } from './ui';

/**
 * The project checklist page (spec section 2) at /project/{id} and /client-project/{id}. The id
 * falls back to the user's first project when it is not one of theirs.
 */
export function ChecklistPage({ projectId, user }: { projectId: string; user: User }) {
  return <LoadedChecklist projectId={projectId} user={user} ifMissing={<FirstProject user={user} />} />;
}

/** The page drawn from the project's checklist read (one call: issue 14); `ifMissing` when the project is not the user's. */
function LoadedChecklist({ projectId, user, ifMissing }: { projectId: string; user: User; ifMissing: ReactNode }) {
  const checklist = useQuery(queries.checklist(projectId));
  // A malformed id is a 400, another's or an unknown project a 404: either way not one of theirs.
  if (checklist.isError && checklist.error instanceof ApiError && (checklist.error.status === 400 || checklist.error.status === 404)) return ifMissing;
  if (!checklist.isSuccess) return <ProjectPending user={user} read={checklist} />;
  return <ProjectChecklist key={checklist.data.project.id} project={checklist.data.project} user={user} />;
}

/** Not one of the user's projects: their first one, if any. */
function FirstProject({ user }: { user: User }) {
  const projects = useQuery(queries.projects());
  if (!projects.isSuccess) return <ProjectPending user={user} read={projects} />;
  const first = projects.data[0];
  const none = (
    <PageFrame user={user}>
      <EmptyState icon={<FolderOpen aria-hidden="true" className="size-12 text-gray-400 dark:text-gray-500" />} title="No Project Found">
        <p className="mt-2 max-w-md text-sm text-gray-600 dark:text-gray-400">Create a project to get started with your construction checklist.</p>
      </EmptyState>
    </PageFrame>
  );
  return first ? <LoadedChecklist projectId={first.id} user={user} ifMissing={none} /> : none;
}

/** While the project is being read, or when reading it failed. */
function ProjectPending({ user, read }: { user: User; read: UseQueryResult }) {
  return (
    <PageFrame user={user}>
      {read.isError ? (
        <ListError what="the project" error={read.error} onRetry={() => void read.refetch()} retrying={read.isFetching} />
      ) : (
        <ListSpinner label="Loading project" />
      )}
    </PageFrame>
  );
}

/** The header and main area around a page without a project (loading, failed, none). */
function PageFrame({ user, children }: { user: User; children: ReactNode }) {
  return (
    <>
      <ChecklistHeader user={user} />
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6">{children}</main>
    </>
  );
}

const headerButtonClass = `${iconButtonClass} relative w-auto min-w-9 gap-1.5 px-2 text-sm font-medium`;

function ChecklistHeader({ user, project }: { user: User; project?: Project }) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const saveProgress = async () => {
    if (!project) return;
    setSaving(true);
    try {
      await refreshProject(queryClient, project.id);
    } finally {
      setSaving(false);
    }
  };

  return (
    <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        {/* On a phone the controls wrap under the titles instead of squeezing them. */}
        <div className="flex min-w-0 shrink grow basis-36 items-center gap-2">
          {user.role === 'contractor' && (
            <Link to="/" title="Back to Projects" className={`${headerButtonClass} shrink-0 print:hidden`}>
              <ArrowLeft aria-hidden="true" className="size-5" />
              <span className="sr-only lg:not-sr-only">Back to Projects</span>
            </Link>
          )}
          <div className="min-w-0">
            <p className="truncate text-xs font-medium text-gray-500 sm:text-sm dark:text-gray-400">Construction Checklist</p>
            {project && <p className="line-clamp-2 text-base font-bold break-words sm:text-lg">{project.name}</p>}
          </div>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1 print:hidden">
          <ThemeToggle />
          {project && (
            <>
              <ChatAndHistoryButtons projectId={project.id} projectName={project.name} user={user} buttonClass={headerButtonClass} />
              <button type="button" onClick={() => void saveProgress()} disabled={saving} aria-busy={saving} className={headerButtonClass} title="Save Progress">
                {saving ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : <Save aria-hidden="true" className="size-5" />}
                <span className="sr-only md:not-sr-only">Save Progress</span>
              </button>
            </>
          )}
          <UserMenu user={user} compact />
        </div>
      </div>
    </header>
  );
}

function ProjectChecklist({ project, user }: { project: Project; user: User }) {
  useProjectLiveUpdates(project.id);
  const printing = usePrinting();
  const stats = useQuery(queries.stats(project.id));
  const rooms = useQuery(queries.rooms(project.id));
  const contractor = user.role === 'contractor';

  // Rename suggestions read every room; a getter keeps the room cards' props stable.
  const roomsRef = useRef<readonly Room[]>([]);
  roomsRef.current = rooms.data ?? [];
  const getRooms = useCallback(() => roomsRef.current, []);

  return (
    <PrintingContext value={printing}>
      <div className="checklist-page">
        <ChecklistHeader user={user} project={project} />
        <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
          <ProjectSummary project={project} stats={stats.data ?? emptyStats} />
          <div className="grid gap-6 lg:grid-cols-2">
            <ProgressBlock stats={stats.data ?? emptyStats} rooms={rooms.data ?? []} />
            <LockBoxCode project={project} canEdit={contractor} />
          </div>
          {contractor && <RoomManagementBar projectId={project.id} />}
          {rooms.isPending ? (
            <ListSpinner label="Loading rooms" />
          ) : rooms.isError ? (
            <ListError what="the rooms" error={rooms.error} onRetry={() => void rooms.refetch()} retrying={rooms.isFetching} />
          ) : (
            <RoomGroups rooms={rooms.data} role={user.role} getRooms={getRooms} />
          )}
        </main>
        <ChecklistFooter project={project} />
      </div>
    </PrintingContext>
  );
}

function ProjectSummary({ project, stats }: { project: Project; stats: ProjectStats }) {
  const counters = [
    { label: 'Total Items', value: stats.total, className: '' },
    { label: 'Completed', value: stats.completed, className: 'text-green-700 dark:text-green-400' },
    { label: 'Remaining', value: Math.max(0, stats.total - stats.completed), className: 'text-amber-700 dark:text-amber-400' },
    { label: 'Selected', value: stats.contractorCompleted, className: 'text-red-700 dark:text-red-400' },
    { label: 'Installed', value: stats.clientCompleted, className: 'text-green-700 dark:text-green-400' },
  ];
  return (
    <section aria-labelledby="project-summary-title" className={`${cardClass} grid gap-5 p-4 sm:p-6`}>
      <div className="min-w-0">
        <h1 id="project-summary-title" className="text-2xl font-bold break-words sm:text-3xl">
          {project.name}
        </h1>
        <p className="mt-1 flex items-start gap-1.5 text-sm break-words text-gray-600 dark:text-gray-400">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {project.address}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-5">
        {counters.map(({ label, value, className }) => (
          <div key={label} className="min-w-0 rounded-md border border-gray-200 bg-gray-50 px-2.5 py-2 sm:px-3 dark:border-gray-800 dark:bg-gray-800/50">
            <dt className="truncate text-xs font-medium text-gray-600 dark:text-gray-400">{label}</dt>
            <dd data-testid={`counter-${label.toLowerCase().replace(' ', '-')}`} className={`text-2xl font-bold tabular-nums ${className}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 md:grid-cols-3">
        <ProgressBar label="Overall Progress" percent={stats.percentage} tone="blue" />
        <ProgressBar label="Contractor Progress" percent={stats.contractorPercentage} tone="red" />
        <ProgressBar label="Client Progress" percent={stats.clientPercentage} tone="green" />
      </div>
    </section>
  );
}

function ProgressBlock({ stats, rooms }: { stats: ProjectStats; rooms: readonly Room[] }) {
  const completeRooms = rooms.filter((room) => room.totalItems > 0 && room.completedItems === room.totalItems).length;
  return (
    <section aria-labelledby="progress-block-title" className={`${cardClass} flex items-center gap-4 p-4 sm:p-6`}>
      <p className="text-4xl font-bold text-blue-600 tabular-nums dark:text-blue-400">{stats.percentage}%</p>
      <div className="min-w-0">
        <h2 id="progress-block-title" className="text-base font-semibold">
          Progress
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {stats.completed} of {stats.total} items complete · {completeRooms} of {rooms.length} rooms complete
        </p>
      </div>
    </section>
  );
}

/** Spec section 4: the lock box code saves 2 seconds after the last keystroke; clients only read it. */
const LOCK_BOX_SAVE_MS = 2000;

function LockBoxCode({ project, canEdit }: { project: Project; canEdit: boolean }) {
  const save = useSaveLockBoxCode(project.id);
  const { value, change, saving } = useAutosave({ serverValue: project.lockBoxCode ?? '', save, delay: LOCK_BOX_SAVE_MS });
  return (
    <section className={`${cardClass} grid content-center gap-1.5 p-4 sm:p-6`}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor="lock-box-code" className="flex items-center gap-1.5 text-sm font-semibold">
          <KeyRound aria-hidden="true" className="size-4 text-gray-500" />
          Project Lock Box Code
        </label>
        <SavingHint saving={saving} />
      </div>
      <input
        id="lock-box-code"
        value={value}
        readOnly={!canEdit}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => change(event.target.value)}
        className={inputClass}
      />
    </section>
  );
}

const addableRooms: readonly RoomType[] = ['bedroom', 'bathroom', 'kitchen', 'laundry'];
const addLabel = (type: RoomType) => `Add ${type === 'laundry' ? 'Laundry' : roomLabels[type]}`;

function RoomManagementBar({ projectId }: { projectId: string }) {
  const add = useAddRoom(projectId);
  return (
    <div role="toolbar" aria-label="Add rooms" className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap print:hidden">
      {addableRooms.map((type) => (
        <button
          key={type}
          type="button"
          onClick={() => add.mutate(type)}
          disabled={add.isPending}
          aria-busy={add.isPending && add.variables === type}
          className={buttonClass.secondary}
        >
          {add.isPending && add.variables === type && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {addLabel(type)}
        </button>
      ))}
    </div>
  );
}

function RoomGroups({ rooms, role, getRooms }: { rooms: readonly Room[]; role: User['role']; getRooms: () => readonly Room[] }) {
  return (
    <div className="grid gap-8">
      {groupRooms(rooms).map(({ group, rooms: inGroup }) => (
        <section key={group.key} aria-labelledby={`group-${group.key}`} className="grid gap-3">
          <div className="flex items-baseline gap-2">
            <h2 id={`group-${group.key}`} className="text-xl font-semibold">
              {group.title}
            </h2>
            <span className="text-sm text-gray-500 dark:text-gray-400">{roomCountLabel(inGroup.length)}</span>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 print:grid-cols-1">
            {inGroup.map((room) => (
              <RoomCard key={room.id} room={room} role={role} getRooms={getRooms} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Spec section 9: 'Last saved' is simply the current time; it moves on each minute. */
function ChecklistFooter({ project }: { project: Project }) {
  const now = useCurrentTime();
  return (
    <footer className="border-t border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-wrap gap-2 print:hidden">
          <button type="button" onClick={() => window.print()} className={buttonClass.secondary}>
            <Printer aria-hidden="true" className="size-4" />
            Print Checklist
          </button>
          <ExportPdfButton project={project} />
          <ShareWithClientButton project={project} />
        </div>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Last saved: <time dateTime={now.toISOString()}>{timeFormat.format(now)}</time>
        </p>
      </div>
    </footer>
  );
}
