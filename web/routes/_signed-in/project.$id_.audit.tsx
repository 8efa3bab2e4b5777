import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '../../audit/audit-page';
import { auditQuery, parseAuditSearch, type AuditSearch } from '../../audit/audit-search';
import { queries } from '../../api/queries';
import { prefetchForUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';

/** A project's Audit page (issue 15), for its contractor and its client; the filters live in the URL, so a filtered view can be shared. */
export const Route = createFileRoute('/_signed-in/project/$id_/audit')({
  validateSearch: (search: Record<string, unknown>): AuditSearch => parseAuditSearch(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) => prefetchForUser(queryClient, () => queryClient.prefetchInfiniteQuery(queries.projectAudit(params.id, auditQuery(deps)))),
  component: AuditRoute,
});

function AuditRoute() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <RequireAuth>{(user) => <AuditPage projectId={id} user={user} search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />}</RequireAuth>;
}
