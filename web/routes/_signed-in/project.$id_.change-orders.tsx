import { createFileRoute } from '@tanstack/react-router';
import { queries } from '../../api/queries';
import { prefetchForUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';
import { changeOrderQueries } from '../../change-orders/api';
import { ChangeOrdersPage } from '../../change-orders/change-orders-page';

/** A project's change orders (issue 30), for its contractor and its client. */
export const Route = createFileRoute('/_signed-in/project/$id_/change-orders')({
  loader: ({ context: { queryClient }, params }) =>
    prefetchForUser(queryClient, async () => {
      await Promise.all([queryClient.prefetchQuery(changeOrderQueries.list(params.id)), queryClient.prefetchQuery(queries.budget(params.id))]);
    }),
  component: ChangeOrdersRoute,
});

function ChangeOrdersRoute() {
  const { id } = Route.useParams();
  return <RequireAuth>{(user) => <ChangeOrdersPage projectId={id} user={user} />}</RequireAuth>;
}
