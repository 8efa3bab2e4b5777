import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type RefObject } from 'react';
import { buttonClass } from '../components/button';
import { overlayClass, panelClass } from '../components/dialog';

/**
 * Deleting a room or an item asks twice (spec section 4): 'Delete Room' / 'Delete Item', then
 * 'Final Confirmation' with Delete Permanently.
 */
export default function ConfirmDelete({
  what,
  name,
  open,
  onOpenChange,
  onConfirm,
  returnFocusTo,
}: {
  what: 'room' | 'item';
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const [final, setFinal] = useState(false);
  const close = () => {
    setFinal(false);
    onOpenChange(false);
  };
  const restoreFocus = (event: Event) => {
    if (!returnFocusTo.current) return;
    event.preventDefault();
    returnFocusTo.current.focus();
  };
  const contentClass = `${panelClass} max-w-md`;
  return (
    <>
      <AlertDialog.Root open={open && !final} onOpenChange={(next) => !next && close()}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={overlayClass} />
          <AlertDialog.Content className={contentClass} onCloseAutoFocus={(event) => !final && restoreFocus(event)}>
            <AlertDialog.Title className="text-lg font-semibold">{what === 'room' ? 'Delete Room' : 'Delete Item'}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-gray-600 dark:text-gray-400">
              Are you sure you want to delete this {what}? This action cannot be undone.
            </AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClass.secondary}>Cancel</AlertDialog.Cancel>
              <button type="button" className={buttonClass.danger} onClick={() => setFinal(true)}>
                Delete
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
      <AlertDialog.Root open={open && final} onOpenChange={(next) => !next && close()}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={overlayClass} />
          <AlertDialog.Content className={contentClass} onCloseAutoFocus={restoreFocus}>
            <AlertDialog.Title className="text-lg font-semibold">Final Confirmation</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm break-words text-gray-600 dark:text-gray-400">
              {what === 'room' ? (
                <>
                  This will permanently delete the room <strong className="font-semibold text-gray-900 dark:text-gray-100">{name}</strong> and ALL of its
                  checklist items. This action cannot be undone.
                </>
              ) : (
                <>
                  This will permanently delete the item <strong className="font-semibold text-gray-900 dark:text-gray-100">{name}</strong>. This action cannot be
                  undone.
                </>
              )}
            </AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClass.secondary}>Cancel</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonClass.danger}
                onClick={() => {
                  setFinal(false);
                  onConfirm();
                }}
              >
                Delete Permanently
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
