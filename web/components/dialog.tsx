import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { iconButtonClass } from './button';

/** The look of modal dialogs and alert dialogs: a dimmed overlay and a centred panel that scrolls when taller than the screen. */
export const overlayClass = 'fixed inset-0 z-50 bg-black/50';
export const panelClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-gray-200 bg-white p-6 text-gray-900 shadow-xl focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';

/**
 * A controlled Radix dialog with a title, an optional description and a close button. Spec
 * section 9: dialogs are 600 px wide (`max-w-[600px]`, the default here).
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  widthClass = 'max-w-[600px]',
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  widthClass?: string;
  /** Where focus goes on close, when the element that opened the dialog is gone (a menu item). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          className={`${panelClass} ${widthClass}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
        >
          <div className="min-w-0 pr-8">
            <Dialog.Title className="text-lg font-semibold break-words">{title}</Dialog.Title>
            {description && <Dialog.Description className="mt-1 text-sm break-words text-gray-600 dark:text-gray-400">{description}</Dialog.Description>}
          </div>
          <div className="mt-6">{children}</div>
          {/* Last in the tab order, so opening the dialog focuses its first field. */}
          <Dialog.Close aria-label="Close" className={`${iconButtonClass} absolute top-4 right-4`}>
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
