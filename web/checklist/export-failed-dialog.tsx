import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { RefObject } from 'react';
import { buttonClass } from '../components/button';
import { overlayClass, panelClass } from '../components/dialog';

/** Export PDF's failure (spec section 8), fetched when an export first fails (export-pdf-button.tsx). */
export default function ExportFailedDialog({
  open,
  message,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  message: string;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content
          className={`${panelClass} max-w-md`}
          // The button was disabled while exporting, so it lost focus; give it back.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <AlertDialog.Title className="text-lg font-semibold">Export Failed</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600 dark:text-gray-400">{message}</AlertDialog.Description>
          <div className="mt-6 flex justify-end">
            <AlertDialog.Action className={buttonClass.primary}>OK</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
