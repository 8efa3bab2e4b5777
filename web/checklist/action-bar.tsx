import { Printer } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { Project } from '../../contract/projects';
import { buttonClass } from '../components/button';
import { useCurrentTime } from '../components/use-current-time';
import { ExportPdfButton } from './export-pdf-button';
import { ShareWithClientButton } from './share-with-client';

// Issue 18: the way to the Decisions due panel, fetched with the panels' code, after the rooms.
const DecisionsDueLink = lazy(() => import('./decisions-panel').then((module) => ({ default: module.DecisionsDueLink })));

/** On a phone the three actions share one row: icon over a short line of text. */
const footerButtonLook = 'max-sm:min-h-11 max-sm:flex-col max-sm:gap-0.5 max-sm:px-1 max-sm:py-1 max-sm:text-xs';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Spec section 9: 'Last saved' is simply the current time; it moves on each minute. */
export function ChecklistFooter({ project, roomsShown }: { project: Project; roomsShown: boolean }) {
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
