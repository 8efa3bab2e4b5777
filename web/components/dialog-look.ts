/** The look of modal dialogs and alert dialogs: a dimmed overlay and a centred panel that scrolls when taller than the screen. */
export const overlayClass = 'fixed inset-0 z-50 bg-black/50';
export const panelClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-gray-200 bg-white p-6 text-gray-900 shadow-xl focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';
