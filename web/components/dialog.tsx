import { lazy, type ComponentProps } from 'react';
import { OnceOpened } from './once-opened';

export { overlayClass, panelClass } from './dialog-look';

const RadixModalDialog = lazy(() => import('./modal-dialog'));

/**
 * A controlled Radix dialog with a title, an optional description and a close button
 * (modal-dialog.tsx), fetched at its first opening.
 */
export function ModalDialog(props: ComponentProps<typeof RadixModalDialog>) {
  return (
    <OnceOpened open={props.open}>
      <RadixModalDialog {...props} />
    </OnceOpened>
  );
}
