import { createFileRoute } from '@tanstack/react-router';
import { ChecklistPage } from '../../checklist/checklist-page';
import { queries } from '../../api/queries';
import { prefetchBesideUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';

/** The project checklist page, client variant (spec section 2): the same page at /client-project/{id}. */
export const Route = createFileRoute('/_signed-in/client-project/$id')({
  loader: ({ context: { queryClient }, params }) => prefetchBesideUser(queryClient, queries.checklist(params.id)),
  component: ClientProjectRoute,
});

function ClientProjectRoute() {
  const { id } = Route.useParams();
  return <RequireAuth>{(user) => <ChecklistPage projectId={id} user={user} />}</RequireAuth>;
}
