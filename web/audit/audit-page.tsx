import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, History, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useId, useMemo } from 'react';
import type { ProjectAudit, ProjectAuditEntry } from '../../contract/audit';
import type { User } from '../../events/accounts/schemas';
import { routePath } from '../api/call';
import { queries } from '../api/queries';
import { buttonClass } from '../components/button';
import { inputClass } from '../components/input';
import { EmptyState, ListError, ListSpinner } from '../components/list-states';
import { ProjectSubpage } from '../auth/project-subpage';
import { useNeedsConnection } from '../offline/cache/needs-connection';
import { ChangeEntryBody } from '../history/change-row';
import { roleLabels } from '../chat/format';
import { entryLines, entrySummary, subjectText } from './audit-format';
import { auditQuery, type AuditSearch } from './audit-search';

/**
 * A project's Audit page (issue 15): whether its record verifies, every change newest first with
 * filters (room, item, person, days), and the audit export to download and check offline.
 */
export function AuditPage({ projectId, user, search, onSearch }: { projectId: string; user: User; search: AuditSearch; onSearch: (search: AuditSearch) => void }) {
  const query = useMemo(() => auditQuery(search), [search]);
  const trail = useInfiniteQuery(queries.projectAudit(projectId, query));
  const first = trail.data?.pages[0];
  const entries = useMemo(() => trail.data?.pages.flatMap((page) => page.entries) ?? [], [trail.data]);
  const filtered = Object.keys(search).length > 0;

  return (
    <ProjectSubpage user={user} projectId={projectId} title="Audit trail" projectName={first?.projectName} action={<ExportLink projectId={projectId} />}>
      {first ? <VerificationBanner verification={first.verification} /> : <div aria-hidden="true" className="h-[4.5rem] rounded-lg bg-gray-100 dark:bg-gray-800/60" />}

      <Filters filters={first?.filters} search={search} onSearch={onSearch} />

      <section aria-labelledby="changes-heading" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="changes-heading" className="text-lg font-semibold">
            Changes
          </h2>
          {first && (
            <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
              {first.total === 1 ? '1 change' : `${first.total} changes`}
              {filtered ? ' match' : ''}, newest first
            </p>
          )}
        </div>
        {trail.isPending ? (
          <ListSpinner label="Loading the audit trail" />
        ) : trail.isError ? (
          <ListError what="the audit trail" error={trail.error} onRetry={() => void trail.refetch()} retrying={trail.isFetching} />
        ) : entries.length === 0 ? (
          <EmptyState icon={<History aria-hidden="true" className="size-12 text-gray-400 dark:text-gray-500" />} title={filtered ? 'No changes match these filters' : 'No changes recorded yet'}>
            {filtered && (
              <button type="button" onClick={() => onSearch({})} className={`${buttonClass.secondary} mt-4`}>
                Clear filters
              </button>
            )}
          </EmptyState>
        ) : (
          <>
            <ol aria-label="Changes, newest first" className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white px-4 dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-900">
              {entries.map((entry) => (
                <AuditEntry key={`${entry.streamId}/${entry.version}`} entry={entry} />
              ))}
            </ol>
            {trail.hasNextPage && (
              <button type="button" onClick={() => void trail.fetchNextPage()} disabled={trail.isFetchingNextPage} className={`${buttonClass.secondary} justify-self-center`}>
                {trail.isFetchingNextPage ? 'Loading...' : 'Load older changes'}
              </button>
            )}
          </>
        )}
      </section>
    </ProjectSubpage>
  );
}

/**
 * A plain download: the browser sends the session cookie and saves the file the server names.
 * Offline (issue 29) the server cannot make it: a disabled button says 'Needs a connection'.
 */
function ExportLink({ projectId }: { projectId: string }) {
  const needs = useNeedsConnection();
  const content = (
    <>
      <Download aria-hidden="true" className="size-4" />
      Export
    </>
  );
  if (needs.offline) {
    return (
      <>
        {needs.reason}
        <button type="button" disabled {...needs.props} className={buttonClass.primary}>
          {content}
        </button>
      </>
    );
  }
  return (
    <a href={routePath('auditExport', { id: projectId })} download className={buttonClass.primary}>
      {content}
    </a>
  );
}

function VerificationBanner({ verification: { verified, streams, events, checkpoints, failures } }: { verification: ProjectAudit['verification'] }) {
  const checkpointText = checkpoints === 0 ? 'no signed checkpoint recorded yet' : checkpoints === 1 ? 'the signed checkpoint still holds' : `all ${checkpoints} signed checkpoints still hold`;
  if (verified) {
    return (
      <section aria-label="Verification" data-testid="audit-verification" className="flex items-start gap-3 rounded-lg border border-green-300 bg-green-50 p-4 dark:border-green-800 dark:bg-green-950/50">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400" />
        <div className="grid gap-1 text-sm">
          <p className="font-semibold text-green-900 dark:text-green-200">Record verified</p>
          <p className="text-gray-700 dark:text-gray-300">
            Every one of the {events} events in {streams} streams matches its hash and chain, and {checkpointText}. Export it to check it yourself with{' '}
            <code className="text-xs whitespace-nowrap">npm run audit:verify</code>.
          </p>
        </div>
      </section>
    );
  }
  return (
    <section aria-label="Verification" data-testid="audit-verification" role="alert" className="flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950/50">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-400" />
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="font-semibold text-red-900 dark:text-red-200">Record does not verify</p>
        <p className="text-gray-700 dark:text-gray-300">Stored events no longer match their hashes, chains or signed checkpoints. The changes below are what is stored now.</p>
        <ul className="list-disc pl-5 font-mono text-xs break-all text-red-900 dark:text-red-200">
          {failures.map((failure) => (
            <li key={failure}>{failure}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const selectClass = `${inputClass} min-h-11 sm:min-h-9`;

function Filters({ filters, search, onSearch }: { filters: ProjectAudit['filters'] | undefined; search: AuditSearch; onSearch: (search: AuditSearch) => void }) {
  const id = useId();
  const set = (changes: AuditSearch) => {
    const next: Record<string, string | undefined> = { ...search, ...changes };
    onSearch(Object.fromEntries(Object.entries(next).filter(([, value]) => value)) as AuditSearch);
  };
  const items = filters?.items.filter((item) => !search.room || item.roomId === search.room) ?? [];
  return (
    <section aria-label="Filters" className="grid grid-cols-2 gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto_auto_auto] lg:items-end dark:border-gray-800 dark:bg-gray-900">
      <Field wide label="Room" htmlFor={`${id}-room`}>
        <select id={`${id}-room`} value={search.room ?? ''} onChange={(event) => set({ room: event.target.value, item: undefined })} className={selectClass}>
          <option value="">All rooms</option>
          {filters?.rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.name}
            </option>
          ))}
        </select>
      </Field>
      <Field wide label="Item" htmlFor={`${id}-item`}>
        <select id={`${id}-item`} value={search.item ?? ''} onChange={(event) => set({ item: event.target.value })} className={selectClass}>
          <option value="">All items</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {search.room ? item.name : `${item.roomName} › ${item.name}`}
            </option>
          ))}
        </select>
      </Field>
      <Field wide label="Person" htmlFor={`${id}-person`}>
        <select id={`${id}-person`} value={search.person ?? ''} onChange={(event) => set({ person: event.target.value })} className={selectClass}>
          <option value="">Everyone</option>
          {filters?.people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name} ({roleLabels[person.role]})
            </option>
          ))}
        </select>
      </Field>
      <Field label="From" htmlFor={`${id}-from`}>
        <input id={`${id}-from`} type="date" value={search.from ?? ''} max={search.to} onChange={(event) => set({ from: event.target.value })} className={`${selectClass} [color-scheme:light] dark:[color-scheme:dark]`} />
      </Field>
      <Field label="To" htmlFor={`${id}-to`}>
        <input id={`${id}-to`} type="date" value={search.to ?? ''} min={search.from} onChange={(event) => set({ to: event.target.value })} className={`${selectClass} [color-scheme:light] dark:[color-scheme:dark]`} />
      </Field>
      <button type="button" onClick={() => onSearch({})} disabled={Object.keys(search).length === 0} className={`${buttonClass.secondary} col-span-2 min-h-11 sm:col-span-1 sm:min-h-9`}>
        Clear filters
      </button>
    </section>
  );
}

/** On a phone the choices take a row each, the two days share one. */
function Field({ wide = false, label, htmlFor, children }: { wide?: boolean; label: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <div className={`grid min-w-0 gap-1 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

function AuditEntry({ entry }: { entry: ProjectAuditEntry }) {
  return (
    <li data-testid="audit-entry" className="grid gap-1.5 py-3">
      <p className="text-xs font-semibold tracking-wide break-words text-gray-600 uppercase dark:text-gray-400">{subjectText(entry.subject)}</p>
      <ChangeEntryBody entry={entry} summary={entrySummary(entry)} lines={entryLines(entry)} />
    </li>
  );
}
