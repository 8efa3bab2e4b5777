import { createFileRoute } from '@tanstack/react-router';
import { ChecklistPage } from '../../checklist/checklist-page';
import { queries } from '../../api/queries';
import { prefetchBesideUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';
import { holdUntilFirstDraw } from '../../components/first-draw';

const isChecklist = (segment: string) => /^(client-)?project$/.test(segment);

// Issue 32: opened at a checklist's address, the work that can wait (the service worker, the
// device copy, the outbox) waits for its room cards (web/checklist/room-groups.tsx ends the hold).
if (typeof window !== 'undefined') {
  const [, first = '', id, ...rest] = window.location.pathname.split('/');
  if (isChecklist(first) && id && rest.join('') === '') holdUntilFirstDraw();
}

/**
 * The project checklist page (spec section 2) at /project/{id} and /client-project/{id}: any
 * signed-in user; signed out, the login screen. One file for both, so the router plugin splits the
 * page's code out as before. The first segment is a parameter that `params.parse` takes only as
 * one of those two words: its `false` makes the router pass over this route, so any other address
 * is still not found. (This part of the file is in the main bundle: hence a test, not a list.)
 */
export const Route = createFileRoute('/_signed-in/$checklist/$id')({
  params: { parse: (params) => isChecklist(params.checklist) && params },
  loader: ({ context: { queryClient }, params }) => prefetchBesideUser(queryClient, queries.checklist(params.id)),
  component: ChecklistRoute,
});

function ChecklistRoute() {
  const { id } = Route.useParams();
  return <RequireAuth>{(user) => <ChecklistPage projectId={id} user={user} />}</RequireAuth>;
}
