import type { ReactNode } from 'react';
import { flagsInOrder, flagsOfApi } from '../../contract/flags';
import type { ChecklistItem } from '../../contract/projects';
import { cabinetParts } from '../../events/projects/checklist-layout';
import { linkClass } from '../components/button';
import { flagLabels, localDateTime, valueText } from '../history/format';
import { isBacksplash, parseBacksplash, safeHref, splitLinks } from './model';

/**
 * The item as it was at a past moment (History's date-time picker): its three flags, details,
 * door counts, cabinet details, reference links and images, read-only, as the card labels them.
 */
export function ItemStateView({ state, at, version }: { state: ChecklistItem; at: string; version: number }) {
  const { counts, links } = splitLinks(state);
  const backsplash = isBacksplash(state) ? parseBacksplash(state.details) : null;
  const flags = flagsOfApi(state);
  return (
    <div data-testid="item-state-at" className="grid gap-2 rounded-md border border-gray-200 bg-white p-3 text-sm dark:border-gray-700 dark:bg-gray-900">
      <p className="text-xs text-gray-600 dark:text-gray-400">
        Version {version}, last changed <time dateTime={at}>{localDateTime(at)}</time>
      </p>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1.5">
        {flagsInOrder.map((flag) => (
          <Row key={flag} label={flagLabels[flag]}>
            {valueText(flags[flag])}
          </Row>
        ))}
        {backsplash ? (
          <>
            <Row label="Tile">{valueText(backsplash.tile)}</Row>
            <Row label="Grout">{valueText(backsplash.grout)}</Row>
          </>
        ) : (
          <Row label="Details">{valueText(state.details)}</Row>
        )}
        {counts && (
          <>
            <Row label="Total passage">{valueText(counts[0])}</Row>
            <Row label="Total locking">{valueText(counts[1])}</Row>
          </>
        )}
        {state.cabinetDetails &&
          cabinetParts.map(({ key, label }) => (
            <Row key={key} label={`Cabinet ${label.toLowerCase()}`}>
              {valueText(state.cabinetDetails?.[key])}
              {state.cabinetDetails?.[`${key}Completed`] ? ' (completed)' : ''}
            </Row>
          ))}
        <Row label="Reference links">
          <Entries entries={links} link />
        </Row>
        <Row label="Reference images">
          <Entries entries={state.referenceImages} />
        </Row>
      </dl>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-gray-700 dark:text-gray-300">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-wrap">{children}</dd>
    </>
  );
}

/** A list's entries one per line; links open in a new tab when they are safe to open. */
function Entries({ entries, link = false }: { entries: readonly string[]; link?: boolean }) {
  if (entries.length === 0) return <>(none)</>;
  return (
    <ul className="grid gap-0.5">
      {entries.map((entry) => {
        const href = link ? safeHref(entry) : null;
        return (
          <li key={entry} className="[overflow-wrap:anywhere]">
            {href ? (
              <a href={href} target="_blank" rel="noreferrer" className={linkClass}>
                {entry}
              </a>
            ) : (
              entry
            )}
          </li>
        );
      })}
    </ul>
  );
}
