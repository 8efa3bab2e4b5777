import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { User } from '../../contract/accounts';
import { queries } from './queries';

/**
 * A route loader's head start: once the user is known, `start` begins reading what the page lists,
 * without waiting for it (the page shows its own loading and error states).
 */
export async function prefetchForUser(queryClient: QueryClient, start: (user: User) => Promise<void> | undefined): Promise<void> {
  const user = await queryClient.ensureQueryData(queries.me()).catch(() => null);
  if (user) void start(user);
}

/**
 * A route loader's head start for a page's main read, beside reading the user rather than after
 * it (the `_signed-in` loader reads the user at the same time): one round trip less before the
 * page draws. Signed out, the read's answer (a 401) is forgotten, so signing in reads afresh.
 */
export function prefetchBesideUser<Data, Key extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<Data, Error, Data, Key>): void {
  const read = queryClient.prefetchQuery(options);
  const user = queryClient.ensureQueryData(queries.me()).catch(() => null);
  void Promise.all([user, read]).then(([signedIn]) => {
    if (!signedIn) queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  });
}
