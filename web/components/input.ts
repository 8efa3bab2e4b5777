/** Text inputs and text areas, as the forms of every screen draw them. */

export const inputClass =
  'block w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-400 focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:-outline-offset-1 focus-visible:outline-blue-600 read-only:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-500 dark:read-only:bg-gray-800/60';

export const smallInputClass = inputClass.replace('px-3 py-2', 'px-2 py-1.5');
