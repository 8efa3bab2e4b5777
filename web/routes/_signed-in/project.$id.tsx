import { createFileRoute } from '@tanstack/react-router';
import { ChecklistPage } from '../../checklist/checklist-page';
import { queries } from '../../api/queries';
import { prefetchBesideUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';

/** The project checklist page (spec section 2): any signed-in user; signed out, the login screen. */
export const Route = createFileRoute('/_signed-in/project/$id')({
  loader: ({ context: { queryClient }, params }) => prefetchBesideUser(queryClient, queries.checklist(params.id)),
  component: ProjectRoute,
});

function ProjectRoute() {
  const { id } = Route.useParams();
  return <RequireAuth>{(user) => <ChecklistPage projectId={id} user={user} />}</RequireAuth>;
}
