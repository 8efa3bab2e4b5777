import { createFileRoute } from '@tanstack/react-router';
import { queries } from '../../api/queries';
import { prefetchForUser } from '../../api/prefetch';
import { RequireAuth } from '../../auth/guard';
import { ContractorHome } from '../../homes/contractor-home';

export const Route = createFileRoute('/_signed-in/projects')({
  loader: ({ context: { queryClient } }) =>
    prefetchForUser(queryClient, (user) => (user.role === 'contractor' ? queryClient.prefetchQuery(queries.projectsWithStats()) : undefined)),
  component: Projects,
});

function Projects() {
  return <RequireAuth role="contractor">{(user) => <ContractorHome user={user} />}</RequireAuth>;
}
