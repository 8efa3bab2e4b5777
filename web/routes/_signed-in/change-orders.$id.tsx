import { createFileRoute } from '@tanstack/react-router';
import { prefetchForUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';
import { changeOrderQueries } from '../../change-orders/api';
import { ChangeOrderPage } from '../../change-orders/change-order-page';

/** One change order (issue 30): the page its mail links to, where the client reads and signs or declines it. */
export const Route = createFileRoute('/_signed-in/change-orders/$id')({
  loader: ({ context: { queryClient }, params }) => prefetchForUser(queryClient, () => queryClient.prefetchQuery(changeOrderQueries.one(params.id))),
  component: ChangeOrderRoute,
});

function ChangeOrderRoute() {
  const { id } = Route.useParams();
  return <RequireAuth>{(user) => <ChangeOrderPage changeOrderId={id} user={user} />}</RequireAuth>;
}
