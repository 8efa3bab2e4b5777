import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, KeyRound, LoaderCircle, MapPin, Printer, Save, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, use, useCallback, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Project, ProjectStats, Room } from '../../contract/projects';
import type { User } from '../../events/accounts/schemas';
import type { RoomType } from '../../events/projects/model';
import { limits, roomLabels } from '../../events/projects/model';
import { ApiError } from '../api/client';
import { queries } from '../api/queries';
import { ChatAndHistoryButtons } from '../chat/chat-controls';
import { UserMenu } from '../auth/app-header';
import { buttonClass, iconButtonClass } from '../components/button';
import { ThemeToggle } from '../components/theme';
import { ListError, ListSpinner } from '../components/list-states';
import { emptyStats, refreshProject } from './api';
import { ExportPdfButton } from './export-pdf-button';
import { SavingHint, tooLong } from './item-details';
import { LengthCounter, limitState } from '../components/length-counter';
import { useProjectLiveUpdates } from './live-updates';
import { groupRooms, roomCountLabel } from './model';
import { useAddRoom, useSaveLockBoxCode } from './mutations';
import { PrintingContext, usePrinting } from './printing';
import './checklist.css';
import { RoomCard } from './room-card';
import { useQueuedCount } from './render-queue';
import { ShareWithClientButton } from './share-with-client';
import { useAutosave } from './use-autosave';
import { useCurrentTime } from '../components/use-current-time';
import { useAfterPaint } from '../components/use-after-paint';
import { ProgressBar } from '../components/progress-bar';
import { inputClass } from '../components/input';
import { cardClass } from './ui';
import { SelectionProvider } from './selection';
import { ProjectDates } from '../projects/project-dates';

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
  // The page is first drawn in a pass React interrupts every few milliseconds (the skeleton stays
  // meanwhile): a slow phone has no long task drawing it all at once (issue 16: blocking time).
  // `null` first even when the read is already in (prefetched on hover from the projects list).
  const data = useDeferredValue(checklist.data ?? null, null);
  // A malformed id is a 400, another's or an unknown project a 404: either way not one of theirs.
  if (checklist.isError && checklist.error instanceof ApiError && (checklist.error.status === 400 || checklist.error.status === 404)) return ifMissing;
  if (!data) return <ProjectPending user={user} read={checklist} />;
  return <ProjectChecklist key={data.project.id} project={data.project} user={user} />;
}

/** Not one of the user's projects: their first one, if any. */
function FirstProject({ user }: { user: User }) {
  const projects = useQuery(queries.projects());
  if (!projects.isSuccess) return <ProjectPending user={user} read={projects} />;
  const first = projects.data[0];
  const none = (
    <PageFrame user={user}>
      <Suspense fallback={null}>
        <NoProject role={user.role} />
      </Suspense>
    </PageFrame>
  );
  return first ? <LoadedChecklist projectId={first.id} user={user} ifMissing={none} /> : none;
}

/** While the project is being read, or when reading it failed. */
function ProjectPending({ user, read }: { user: User; read: UseQueryResult }) {
  return (
    <PageFrame user={user} pending={!read.isError}>
      {read.isError ? <ListError what="the project" error={read.error} onRetry={() => void read.refetch()} retrying={read.isFetching} /> : <ChecklistSkeleton />}
    </PageFrame>
  );
}

/**
 * What stands in for the checklist while it is read (issue 16: steady loading): the summary,
 * progress and lock box cards and a first room, each the size of what replaces it, and no
 * figures ('0 of 0') before there are any.
 */
function ChecklistSkeleton() {
  const block = 'animate-pulse rounded-lg border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900';
  return (
    <div role="status" aria-label="Loading project" className="grid gap-4">
      <div className={`${block} h-[15.5rem] sm:h-[11.25rem] lg:h-[9.5rem]`} />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className={`${block} h-[5.25rem]`} />
        <div className={`${block} h-[5.25rem]`} />
      </div>
      <div className={`${block} h-[24rem]`} />
    </div>
  );
}

/** The header and main area around a page without a project (loading, failed, none). */
function PageFrame({ user, pending = false, children }: { user: User; pending?: boolean; children: ReactNode }) {
  return (
    <>
      <ChecklistHeader user={user} pending={pending} />
      {/* The action bar's place, so the page does not move when it comes. */}
      {pending && <div aria-hidden="true" className="h-[5.3125rem] border-b border-gray-200 sm:h-[3.4375rem] dark:border-gray-800" />}
      <main className={mainClass}>{children}</main>
    </>
  );
}

const mainClass = 'mx-auto grid w-full max-w-7xl content-start gap-4 px-4 py-4 sm:px-6 sm:py-6';

const headerButtonClass = `${iconButtonClass} relative w-auto min-w-9 gap-1.5 px-2 text-sm font-medium`;

function ChecklistHeader({ user, project, pending = false }: { user: User; project?: Project; pending?: boolean }) {
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
            {/* The name's line, kept while the project is read, so the page does not move when it comes. */}
            {pending && <p aria-hidden="true" className="my-1 h-4 w-40 animate-pulse rounded bg-gray-200 sm:h-5 dark:bg-gray-800" />}
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
              <Link to="/project/$id/audit" params={{ id: project.id }} className={headerButtonClass} title="Audit trail">
                <ShieldCheck aria-hidden="true" className="size-5" />
                <span className="sr-only md:not-sr-only">Audit</span>
              </Link>
            </>
          )}
          <UserMenu user={user} compact />
        </div>
      </div>
    </header>
  );
}

const noRooms: readonly Room[] = [];

function ProjectChecklist({ project, user }: { project: Project; user: User }) {
  useProjectLiveUpdates(project.id);
  const printing = usePrinting();
  const stats = useQuery(queries.stats(project.id));
  const rooms = useQuery(queries.rooms(project.id));
  const contractor = user.role === 'contractor';
  // Issue 18's panels are fetched once the page has been painted: they sit under the rooms.
  const painted = useAfterPaint();

  // Rename suggestions read every room; a getter keeps the room cards' props stable.
  const roomsRef = useRef<readonly Room[]>([]);
  roomsRef.current = rooms.data ?? [];
  const getRooms = useCallback(() => roomsRef.current, []);
  // The room cards come once the page's frame has been painted, in a pass React interrupts every
  // few milliseconds: a slow phone lays out the frame and the rooms in separate, shorter tasks.
  const roomList = useDeferredValue(painted ? (rooms.data ?? noRooms) : noRooms, noRooms);
  // The room last added from the add-room bar: its card scrolls into view and is marked.
  const [justAdded, setJustAdded] = useState<string | null>(null);
  // Scrolling stops short of the sticky action bar (checklist.css).
  useEffect(() => {
    document.documentElement.classList.add('checklist-open');
    return () => document.documentElement.classList.remove('checklist-open');
  }, []);

  return (
    <PrintingContext value={printing}>
      <SelectionProvider project={project} ready={rooms.isSuccess}>
      <div className="checklist-page flex min-h-screen flex-col">
        <ChecklistHeader user={user} project={project} />
        <ChecklistFooter project={project} roomsShown={rooms.isSuccess && painted} />
        <main className={`${mainClass} flex-1`}>
          <ProjectSummary project={project} stats={stats.data ?? emptyStats} />
          <div className="grid grid-cols-2 gap-3 sm:gap-4">
            <ProgressBlock stats={stats.data ?? emptyStats} rooms={rooms.data ?? []} />
            <LockBoxCode project={project} canEdit={contractor} />
          </div>
          {contractor && <RoomManagementBar projectId={project.id} onAdded={setJustAdded} />}
          {rooms.isPending ? (
            <ListSpinner label="Loading rooms" />
          ) : rooms.isError ? (
            <ListError what="the rooms" error={rooms.error} onRetry={() => void rooms.refetch()} retrying={rooms.isFetching} />
          ) : (
            <RoomGroups rooms={roomList} role={user.role} getRooms={getRooms} justAdded={justAdded} />
          )}
          {/* Issue 18: under the rooms, read after them, so they push nothing (each is left out while empty). */}
          {rooms.isSuccess && painted && (
            <Suspense fallback={null}>
              <SelectionPanels />
            </Suspense>
          )}
        </main>
      </div>
      </SelectionProvider>
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
        <ProgressBar label="Contractor Progress" percent={stats.contractorPercentage} tone="red" />
        <ProgressBar label="Client Progress" percent={stats.clientPercentage} tone="green" />
      </div>
    </section>
  );
}

function ProgressBlock({ stats, rooms }: { stats: ProjectStats; rooms: readonly Room[] }) {
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

/** Spec section 4: the lock box code saves 2 seconds after the last keystroke; clients only read it. */
// Rarely shown: fetched when needed (issue 16: the first draw's JS budget).
const NoProject = lazy(() => import('./no-project'));
// Issue 18's Decisions due and budget summary: fetched with their data, after the rooms.
const SelectionPanels = lazy(() => import('./selection-panels'));
const DecisionsDueLink = lazy(() => import('./decisions-panel').then((module) => ({ default: module.DecisionsDueLink })));

const LOCK_BOX_SAVE_MS = 2000;

const lockBoxValid = (code: string) => code.length <= limits.lockBoxCode;

function LockBoxCode({ project, canEdit }: { project: Project; canEdit: boolean }) {
  const save = useSaveLockBoxCode(project.id);
  const { value, change, saving } = useAutosave({ serverValue: project.lockBoxCode ?? '', save, delay: LOCK_BOX_SAVE_MS, valid: lockBoxValid });
  // Over the limit it is refused, not cut (issue 16); the limit is ours, the spec gives none.
  const state = limitState(value.length, limits.lockBoxCode);
  return (
    <section className={`${cardClass} grid content-center gap-1 px-3 py-2 sm:px-4 sm:py-3`}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor="lock-box-code" className="flex items-center gap-1.5 text-xs font-semibold sm:text-sm">
          <KeyRound aria-hidden="true" className="size-4 text-gray-500" />
          Project Lock Box Code
        </label>
        <SavingHint saving={saving} />
      </div>
      <input
        id="lock-box-code"
        value={value}
        readOnly={!canEdit}
        autoComplete="off"
        aria-invalid={state === 'over' || undefined}
        aria-describedby={state === 'quiet' ? undefined : 'lock-box-code-length'}
        onChange={(event) => change(event.target.value)}
        className={`${inputClass} aria-invalid:border-red-500`}
      />
      <LengthCounter id="lock-box-code-length" length={value.length} max={limits.lockBoxCode} refusal={tooLong('Lock box code', limits.lockBoxCode)} />
    </section>
  );
}

const addableRooms: readonly RoomType[] = ['bedroom', 'bathroom', 'kitchen', 'laundry'];
const addLabel = (type: RoomType) => `Add ${type === 'laundry' ? 'Laundry' : roomLabels[type]}`;

function RoomManagementBar({ projectId, onAdded }: { projectId: string; onAdded: (roomId: string) => void }) {
  const add = useAddRoom(projectId);
  return (
    <div role="toolbar" aria-label="Add rooms" className="grid grid-cols-4 gap-2 sm:flex sm:flex-wrap print:hidden">
      {addableRooms.map((type) => (
        <button
          key={type}
          type="button"
          onClick={() => add.mutate(type, { onSuccess: (room) => onAdded(room.id) })}
          disabled={add.isPending}
          aria-busy={add.isPending && add.variables === type}
          className={`${buttonClass.secondary} max-sm:min-h-11 max-sm:px-1 max-sm:text-xs`}
        >
          {add.isPending && add.variables === type && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {addLabel(type)}
        </button>
      ))}
    </div>
  );
}

function RoomGroups({ rooms, role, getRooms, justAdded }: { rooms: readonly Room[]; role: User['role']; getRooms: () => readonly Room[]; justAdded: string | null }) {
  const groups = groupRooms(rooms);
  // A group at a time: the first layout is the page's frame and first group, not every room.
  const shown = useQueuedCount(groups.length, use(PrintingContext));
  return (
    <div className="grid gap-5">
      {groups.slice(0, shown).map(({ group, rooms: inGroup }) => (
        <section key={group.key} aria-labelledby={`group-${group.key}`} className="grid gap-2">
          <div className="flex items-baseline gap-2">
            <h2 id={`group-${group.key}`} className="text-xl font-semibold">
              {group.title}
            </h2>
            <span className="text-sm text-gray-500 dark:text-gray-400">{roomCountLabel(inGroup.length)}</span>
          </div>
          {/* Rooms share the width (1 to 4 columns), and a group's only room takes all of it. */}
          <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,18rem),1fr))] items-start gap-3 print:grid-cols-1">
            {inGroup.map((room) => (
              <RoomCard key={room.id} room={room} role={role} getRooms={getRooms} justAdded={room.id === justAdded} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** On a phone the three actions share one row: icon over a short line of text. */
const footerButtonLook = 'max-sm:min-h-11 max-sm:flex-col max-sm:gap-0.5 max-sm:px-1 max-sm:py-1 max-sm:text-xs';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Spec section 9: 'Last saved' is simply the current time; it moves on each minute. */
function ChecklistFooter({ project, roomsShown }: { project: Project; roomsShown: boolean }) {
  const now = useCurrentTime();
  return (
    // The spec's footer, drawn as a bar under the header that stays at the top once the header has
    // scrolled away (issue 16): the actions stay in reach however long the checklist is. Not at the
    // bottom: there it would lie over the first screen's controls as the page opens (axe target-size).
    <footer aria-label="Checklist actions" className="sticky top-0 z-10 border-b border-gray-200 bg-white/95 backdrop-blur-sm dark:border-gray-800 dark:bg-gray-900/95">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3 sm:px-6">
        <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap print:hidden">
          <button type="button" onClick={() => window.print()} className={`${buttonClass.secondary} ${footerButtonLook}`}>
            <Printer aria-hidden="true" className="size-4" />
            Print Checklist
          </button>
          <ExportPdfButton project={project} look={footerButtonLook} />
          <ShareWithClientButton project={project} look={footerButtonLook} />
        </div>
        <p className="text-center text-xs text-gray-600 max-sm:order-first sm:text-sm dark:text-gray-400">
          {/* Issue 18: a way to the Decisions due panel under the rooms, once they are drawn. */}
          {roomsShown && (
            <Suspense fallback={null}>
              <DecisionsDueLink />
            </Suspense>
          )}
          Last saved: <time dateTime={now.toISOString()}>{timeFormat.format(now)}</time>
        </p>
      </div>
    </footer>
  );
}
