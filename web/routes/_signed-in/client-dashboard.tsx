import { createFileRoute } from '@tanstack/react-router';
import { queries } from '../../api/queries';
import { prefetchForUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';
import { ClientHome } from '../../homes/client-home';

export const Route = createFileRoute('/_signed-in/client-dashboard')({
  loader: ({ context: { queryClient } }) =>
    prefetchForUser(queryClient, (user) => (user.role === 'client' ? queryClient.prefetchQuery(queries.clientProjects()) : undefined)),
  component: ClientDashboard,
});

function ClientDashboard() {
  return <RequireAuth role="client">{(user) => <ClientHome user={user} />}</RequireAuth>;
}
