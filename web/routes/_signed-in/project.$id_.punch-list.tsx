import { createFileRoute } from '@tanstack/react-router';
import { queries } from '../../api/queries';
import { prefetchForUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';
import { PunchListPage } from '../../punch/punch-list-page';
import { parsePunchSearch, type PunchSearch } from '../../punch/punch-search';

/** A project's punch list (issue 30), for its contractor and its client; the filters live in the URL. */
export const Route = createFileRoute('/_signed-in/project/$id_/punch-list')({
  validateSearch: (search: Record<string, unknown>): PunchSearch => parsePunchSearch(search),
  loader: ({ context: { queryClient }, params }) =>
    prefetchForUser(queryClient, () =>
      // The punch list's API code is the page's, fetched with it (issue 32: out of every page's main bundle).
      Promise.all([import('../../punch/punch-api').then(({ punchItemsQuery }) => queryClient.prefetchQuery(punchItemsQuery(params.id))), queryClient.prefetchQuery(queries.checklist(params.id))]).then(() => undefined),
    ),
  component: PunchListRoute,
});

function PunchListRoute() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <RequireAuth>{(user) => <PunchListPage projectId={id} user={user} search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />}</RequireAuth>;
}
