import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * True in the build's render of the signed-out pages (web/prerender.tsx, issue 32) and while the
 * browser hydrates that HTML; false from the next render on, and always for a page the app draws
 * itself. While it is true a page draws only what its static HTML could know: no fragment, search
 * or session, which only the browser has; its forms wait for the app's code to be sent.
 */
export const usePrerendered = (): boolean =>
  useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
