/** Button looks shared by <button>s and router <Link>s. */

const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60';

export const buttonClass = {
  primary: `${base} bg-blue-600 text-white hover:bg-blue-700`,
  secondary: `${base} border border-gray-300 bg-white text-gray-900 hover:bg-gray-100 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800`,
  danger: `${base} bg-red-600 text-white hover:bg-red-700 dark:bg-red-700 dark:hover:bg-red-600`,
  /** A done action, for a moment (Share with Client's 'Invitation Sent!'). */
  success: `${base} bg-green-700 text-white hover:bg-green-800`,
} as const;

export const iconButtonClass =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-gray-100';

export const linkClass =
  'font-medium text-blue-600 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-blue-400';
