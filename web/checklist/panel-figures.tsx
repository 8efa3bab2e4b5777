import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListError } from '../components/list-states';

/**
 * The body of a panel under the rooms (issue 18) from its own read of the API: the server's figures
 * once they are in (kept while a refetch runs or fails). Until then a pulsing block over the same
 * body drawn invisibly from the page's figures (selection-figures.ts, the same rules), so the block
 * is exactly the panel's size and nothing moves when the server's come; printed, that body shows
 * (a print cannot wait for a read). A failed first read says so, with a retry.
 */
export function PanelFigures<T>({ read, local, what, children }: { read: UseQueryResult<T>; local: T; what: string; children: (figures: T) => ReactNode }) {
  if (read.data !== undefined) return children(read.data);
  if (read.isError) return <ListError what={what} error={read.error} onRetry={() => void read.refetch()} retrying={read.isFetching} />;
  return (
    <div className="relative">
      <div className="invisible print:visible">{children(local)}</div>
      <div aria-hidden="true" className="absolute inset-0 animate-pulse rounded-md bg-gray-100 print:hidden dark:bg-gray-800" />
    </div>
  );
}
