/**
 * The whole-screen spinner while the signed-in user is read. Its own module: a route's pending
 * component stays in the main bundle, so it may import nothing heavy.
 */
export function PageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <div role="status" aria-label="Loading" className="size-8 animate-spin rounded-full border-4 border-gray-300 border-t-blue-600 dark:border-gray-700 dark:border-t-blue-400" />
    </div>
  );
}
