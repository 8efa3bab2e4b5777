import { createFileRoute } from '@tanstack/react-router';
import { queries } from '../../api/queries';
import { prefetchForUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';
import { ChangeOrdersPage } from '../../change-orders/change-orders-page';

/** A project's change orders (issue 30), for its contractor and its client. */
export const Route = createFileRoute('/_signed-in/project/$id_/change-orders')({
  loader: ({ context: { queryClient }, params }) =>
    prefetchForUser(queryClient, async () => {
      // The change orders' API code is the page's, fetched with it (issue 32: out of every page's main bundle).
      const list = import('../../change-orders/api').then(({ changeOrderQueries }) => queryClient.prefetchQuery(changeOrderQueries.list(params.id)));
      await Promise.all([list, queryClient.prefetchQuery(queries.budget(params.id))]);
    }),
  component: ChangeOrdersRoute,
});

function ChangeOrdersRoute() {
  const { id } = Route.useParams();
  return <RequireAuth>{(user) => <ChangeOrdersPage projectId={id} user={user} />}</RequireAuth>;
}
