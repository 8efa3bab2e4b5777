import { createFileRoute } from '@tanstack/react-router';
import { ChecklistPage } from '../../checklist/checklist-page';
import { queries } from '../../api/queries';
import { prefetchBesideUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';

/** The two addresses of the checklist page (spec section 2): the contractor's and the client's. */
const checklistPaths = ['project', 'client-project'] as const;
type ChecklistPath = (typeof checklistPaths)[number];
const isChecklistPath = (segment: string): segment is ChecklistPath => (checklistPaths as readonly string[]).includes(segment);

/**
 * The project checklist page (spec section 2) at /project/{id} and /client-project/{id}: any
 * signed-in user; signed out, the login screen. The first segment is a parameter that matches only
 * those two words (`false` from `params.parse` makes the router pass over this route, so any other
 * address is still not found); one file, so the router plugin splits the page's code out as before.
 */
export const Route = createFileRoute('/_signed-in/$checklist/$id')({
  params: { parse: ({ checklist, id }) => (isChecklistPath(checklist) ? { checklist, id } : false) },
  loader: ({ context: { queryClient }, params }) => prefetchBesideUser(queryClient, queries.checklist(params.id)),
  component: ChecklistRoute,
});

function ChecklistRoute() {
  const { id } = Route.useParams();
  return <RequireAuth>{(user) => <ChecklistPage projectId={id} user={user} />}</RequireAuth>;
}
