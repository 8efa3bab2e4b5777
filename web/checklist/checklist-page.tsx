import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Project, Room } from '../../contract/projects';
import type { User } from '../../events/accounts/schemas';
import { ApiError } from '../api/client';
import { queries } from '../api/queries';
import { ListError, ListSpinner } from '../components/list-states';
import { useAfterPaint } from '../components/use-after-paint';
import { useFirstDrawn } from '../components/first-draw';
import { ChecklistFooter } from './action-bar';
import { emptyStats } from './api';
import { useProjectLiveUpdates } from '../live/live-updates';
import { LockBoxCode } from './lock-box-code';
import { ChecklistHeader, ChecklistSkeleton, mainClass, PageFrame } from './page-frame';
import { PrintingContext, usePrinting } from '../components/printing';
import { ProgressBlock, ProjectSummary } from './project-figures';
import './checklist.css';
import './checklist-print.css';
import { RoomGroups, RoomManagementBar } from './room-groups';
import { SelectionProvider } from './selection';

// Rarely shown: fetched when needed (issue 16: the first draw's JS budget).
const NoProject = lazy(() => import('./no-project'));
// Issue 18's Decisions due and budget summary: fetched with their data, after the rooms.
const SelectionPanels = lazy(() => import('./selection-panels'));
// Issue 30's punch list line: fetched after the first room cards (its place kept meanwhile).
const PunchSummary = lazy(() => import('../punch/punch-summary'));

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

const noRooms: readonly Room[] = [];
/** The punch list line's size (web/punch/punch-summary.tsx), kept while its code is fetched. */
const punchSummaryPlace = <div aria-hidden="true" className="h-[5.5rem] sm:h-[3.5rem]" />;

function ProjectChecklist({ project, user }: { project: Project; user: User }) {
  useProjectLiveUpdates(project.id);
  const printing = usePrinting();
  const stats = useQuery(queries.stats(project.id));
  const rooms = useQuery(queries.rooms(project.id));
  const contractor = user.role === 'contractor';
  // Issue 18's panels are fetched once the page has been painted: they sit under the rooms.
  const painted = useAfterPaint();
  const drawn = useFirstDrawn();

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
        <ChecklistFooter project={project} roomsShown={rooms.isSuccess && painted && drawn} />
        <main className={`${mainClass} flex-1`}>
          <ProjectSummary project={project} stats={stats.data ?? emptyStats} />
          <div className="grid grid-cols-2 gap-3 sm:gap-4">
            <ProgressBlock stats={stats.data ?? emptyStats} rooms={rooms.data ?? []} />
            <LockBoxCode project={project} canEdit={contractor} />
          </div>
          {/* Issue 30: the punch list's counts, beside the progress, and Add punch item. */}
          <Suspense fallback={punchSummaryPlace}>{drawn ? <PunchSummary projectId={project.id} role={user.role} /> : punchSummaryPlace}</Suspense>
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
