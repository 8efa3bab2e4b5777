import { createFileRoute } from '@tanstack/react-router';
import { queries } from '../../api/queries';
import { prefetchForUser } from '../../api/prefetch';
import { SignInInstead, WithUser } from '../../auth/guard';
import { ClientHome } from '../../homes/client-home';
import { ContractorHome } from '../../homes/contractor-home';

/** The role switch (spec section 2): contractors get their projects, clients their dashboard. */
export const Route = createFileRoute('/_signed-in/')({
  loader: ({ context: { queryClient } }) =>
    prefetchForUser(queryClient, (user) =>
      user.role === 'contractor'
        ? queryClient.prefetchQuery(queries.projectsWithStats())
        : user.role === 'client'
          ? queryClient.prefetchQuery(queries.clientProjects())
          : undefined,
    ),
  component: Home,
});

function Home() {
  return (
    <WithUser>
      {(user) =>
        user.role === 'contractor' ? <ContractorHome user={user} /> : user.role === 'client' ? <ClientHome user={user} /> : <SignInInstead />
      }
    </WithUser>
  );
}
