import { lazy, type ComponentProps } from 'react';
import { buttonClass, iconButtonClass } from '../components/button';
import { OnceOpened } from '../components/once-opened';

/** Small pieces of the checklist page: small buttons, cards, delete confirmations, images. */

export const smallButtonClass = {
  secondary: buttonClass.secondary.replace('px-4 py-2', 'px-2.5 py-1.5').replace('gap-2', 'gap-1.5'),
  primary: buttonClass.primary.replace('px-4 py-2', 'px-2.5 py-1.5').replace('gap-2', 'gap-1.5'),
} as const;

export const smallIconButtonClass = iconButtonClass.replace('size-9', 'size-8');

/**
 * A room or item card's actions (issue 16, WCAG 2.2 target size): 44 × 44 px on a phone, for a
 * thumb; 28 px from the sm breakpoint on, where a pointer is precise and the cards are dense.
 */
export const cardIconButtonClass = iconButtonClass.replace('size-9', 'size-11 sm:size-7');
export const cardButtonClass = {
  secondary: `${smallButtonClass.secondary} min-h-11 sm:min-h-7 sm:py-1`,
  primary: `${smallButtonClass.primary} min-h-11 sm:min-h-7 sm:py-1`,
} as const;

export const cardClass = 'rounded-lg border border-gray-200 bg-white shadow-sm dark:border-gray-800 dark:bg-gray-900';

const RadixConfirmDelete = lazy(() => import('./confirm-delete'));

/** Deleting asks twice (confirm-delete.tsx); its code is fetched at the first ask. */
export function ConfirmDelete(props: ComponentProps<typeof RadixConfirmDelete>) {
  return (
    <OnceOpened open={props.open}>
      <RadixConfirmDelete {...props} />
    </OnceOpened>
  );
}

