import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useMutation } from '@tanstack/react-query';
import { FileDown, LoaderCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { buttonClass } from '../components/button';
import { overlayClass, panelClass } from '../components/dialog';
import { exportProjectPdf } from './export-pdf';

/**
 * The footer's Export PDF button: downloads the checklist as a PDF, shows 'Exporting...' while
 * the server prints it, and on any failure says so in an alert dialog (spec section 8).
 */
export function ExportPdfButton({ project }: { project: { id: string; name: string } }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [failed, setFailed] = useState(false);
  const exporting = useMutation({ mutationFn: () => exportProjectPdf(project), onError: () => setFailed(true) });

  return (
    <>
      <button ref={buttonRef} type="button" onClick={() => exporting.mutate()} disabled={exporting.isPending} aria-busy={exporting.isPending} className={buttonClass.secondary}>
        {exporting.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <FileDown aria-hidden="true" className="size-4" />}
        {exporting.isPending ? 'Exporting...' : 'Export PDF'}
      </button>
      <AlertDialog.Root open={failed} onOpenChange={setFailed}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={overlayClass} />
          <AlertDialog.Content
            className={`${panelClass} max-w-md`}
            // The button was disabled while exporting, so it lost focus; give it back.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              buttonRef.current?.focus();
            }}
          >
            <AlertDialog.Title className="text-lg font-semibold">Export Failed</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-gray-600 dark:text-gray-400">Failed to export PDF. Please try again.</AlertDialog.Description>
            <div className="mt-6 flex justify-end">
              <AlertDialog.Action className={buttonClass.primary}>OK</AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
