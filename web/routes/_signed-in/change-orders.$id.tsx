import { createFileRoute } from '@tanstack/react-router';
import { prefetchForUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';
import { ChangeOrderPage } from '../../change-orders/change-order-page';

/** One change order (issue 30): the page its mail links to, where the client reads and signs or declines it. */
export const Route = createFileRoute('/_signed-in/change-orders/$id')({
  // The change orders' API code is the page's, fetched with it (issue 32: out of every page's main bundle).
  loader: ({ context: { queryClient }, params }) =>
    prefetchForUser(queryClient, () => import('../../change-orders/api').then(({ changeOrderQueries }) => queryClient.prefetchQuery(changeOrderQueries.one(params.id)))),
  component: ChangeOrderRoute,
});

function ChangeOrderRoute() {
  const { id } = Route.useParams();
  return <RequireAuth>{(user) => <ChangeOrderPage changeOrderId={id} user={user} />}</RequireAuth>;
}
