import { createFileRoute } from '@tanstack/react-router';
import { queries } from '../api/queries';
import { UserLoadError } from '../auth/guard';
import { PageSpinner } from '../components/page-spinner';

/**
 * The screens for a signed-in user (spec section 2's authenticated routes): the user is read
 * before they draw, with a spinner meanwhile (at once, and for no minimum time) and the account
 * error if it fails. Signed out, each screen shows the login screen itself.
 */
export const Route = createFileRoute('/_signed-in')({
  loader: ({ context }) => context.queryClient.ensureQueryData(queries.me()),
  pendingComponent: PageSpinner,
  errorComponent: UserLoadError,
  pendingMs: 0,
  pendingMinMs: 0,
});
