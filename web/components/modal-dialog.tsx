import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { iconButtonClass } from './button';
import { overlayClass, panelClass } from './dialog-look';

/**
 * A controlled Radix dialog with a title, an optional description and a close button. Spec
 * section 9: dialogs are 600 px wide (`max-w-[600px]`, the default here).
 */
export default function ModalDialog({
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
