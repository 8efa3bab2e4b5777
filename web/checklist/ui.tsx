import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type RefObject } from 'react';
import { buttonClass, iconButtonClass } from '../components/button';
import { overlayClass, panelClass } from '../components/dialog';
import { safeImageSrc } from './model';

/** Small pieces of the checklist page: small buttons, cards, delete confirmations, images. */

export const smallButtonClass = {
  secondary: buttonClass.secondary.replace('px-4 py-2', 'px-2.5 py-1.5').replace('gap-2', 'gap-1.5'),
  primary: buttonClass.primary.replace('px-4 py-2', 'px-2.5 py-1.5').replace('gap-2', 'gap-1.5'),
} as const;

export const smallIconButtonClass = iconButtonClass.replace('size-9', 'size-8');

export const cardClass = 'rounded-lg border border-gray-200 bg-white shadow-sm dark:border-gray-800 dark:bg-gray-900';

/**
 * Deleting a room or an item asks twice (spec section 4): 'Delete Room' / 'Delete Item', then
 * 'Final Confirmation' with Delete Permanently.
 */
export function ConfirmDelete({
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

/** The picture shown for an image that does not load (spec: a broken image shows a placeholder). */
export function ImagePlaceholder({ className = '' }: { className?: string }) {
  return (
    <svg
      role="img"
      aria-label="Image not available"
      data-testid="image-placeholder"
      viewBox="0 0 64 64"
      className={`bg-gray-100 text-gray-400 dark:bg-gray-800 dark:text-gray-500 ${className}`}
    >
      <rect x="12" y="14" width="40" height="36" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="24" cy="26" r="4" fill="currentColor" />
      <path d="M14 46l12-13 9 9 6-6 9 10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      <path d="M10 10l44 44" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A reference image: a thumbnail that opens the full picture, or the placeholder when it is broken. */
export function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  const [shown, setShown] = useState(src);
  if (shown !== src) {
    setShown(src);
    setBroken(false);
  }
  // Only an http(s) address or one of our /objects/ paths is ever a src or an href; anything else
  // stored (old data included) shows as the broken-image placeholder.
  const safe = safeImageSrc(src);
  if (broken || !safe) return <ImagePlaceholder className="size-full" />;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className="block size-full focus-visible:outline-2 focus-visible:outline-blue-600">
      <img src={safe} alt={alt} loading="lazy" onError={() => setBroken(true)} className="size-full object-cover" />
    </a>
  );
}
