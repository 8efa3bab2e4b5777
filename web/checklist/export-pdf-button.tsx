import { useMutation } from '@tanstack/react-query';
import { FileDown, LoaderCircle } from 'lucide-react';
import { lazy, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { serverMessage } from '../api/errors';
import { buttonClass } from '../components/button';
import { OnceOpened } from '../components/once-opened';
import { useNeedsConnection } from '../offline/cache/needs-connection';

const ExportFailedDialog = lazy(() => import('./export-failed-dialog'));
const EXPORT_FAILED = 'Failed to export PDF. Please try again.';

/**
 * The footer's Export PDF button: downloads the checklist as a PDF, shows 'Exporting...' while
 * the server prints it, and on any failure says so in an alert dialog (spec section 8). Offline it
 * is disabled: 'Needs a connection' (issue 29: the server prints the PDF).
 */
export function ExportPdfButton({ project, look = '' }: { project: { id: string; name: string }; look?: string }) {
  const needs = useNeedsConnection();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A limit's refusal says which (issue 31: 'Your plan allows 100 PDF exports a day'); any other failure, the spec's words.
  const [failed, setFailed] = useState<string | null>(null);
  const exporting = useMutation({ // The download code is fetched at the first export (issue 16: the first draw's JS budget).
    mutationFn: async () => (await import('./export-pdf')).exportProjectPdf(project),
    onError: (error) => setFailed(error instanceof ApiError && (error.status === 403 || error.status === 429) ? serverMessage(error, EXPORT_FAILED) : EXPORT_FAILED),
  });

  return (
    <>
      {needs.reason}
      <button
        ref={buttonRef}
        type="button"
        onClick={() => exporting.mutate()}
        disabled={exporting.isPending || needs.offline}
        aria-busy={exporting.isPending}
        {...needs.props}
        className={`${buttonClass.secondary} ${look}`}
      >
        {exporting.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <FileDown aria-hidden="true" className="size-4" />}
        {exporting.isPending ? 'Exporting...' : 'Export PDF'}
      </button>
      <OnceOpened open={failed !== null}>
        <ExportFailedDialog open={failed !== null} message={failed ?? EXPORT_FAILED} onOpenChange={(open) => !open && setFailed(null)} returnFocusTo={buttonRef} />
      </OnceOpened>
    </>
  );
}
