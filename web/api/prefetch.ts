import type { QueryClient } from '@tanstack/react-query';
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
