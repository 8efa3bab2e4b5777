import { onlineManager } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { queries } from '../api/queries';
import { UserLoadError } from '../auth/guard';
import { PageSpinner } from '../components/page-spinner';

/**
 * The screens for a signed-in user (spec section 2's authenticated routes): the user is read
 * before they draw, with a spinner meanwhile (at once, and for no minimum time) and the account
 * error if it fails. Signed out, each screen shows the login screen itself. Offline (issue 29) the
 * user kept on the device serves; with none kept, no one has signed in on this device: before any
 * loader asks (a read offline waits for the network), the user is taken as signed out, so the
 * screens show the login screen rather than a spinner until the network returns (then the user is
 * read again, as on any reconnect).
 */
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: ({ context: { queryClient } }) => {
    if (!onlineManager.isOnline() && queryClient.getQueryData(queries.me().queryKey) === undefined) queryClient.setQueryData(queries.me().queryKey, null);
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(queries.me()),
  pendingComponent: PageSpinner,
  errorComponent: UserLoadError,
  pendingMs: 0,
  pendingMinMs: 0,
});
