import { createFileRoute } from '@tanstack/react-router';
import { ChecklistPage } from '../checklist/checklist-page';
import { RequireAuth } from '../components/guard';

/** The project checklist page, client variant (spec section 2): the same page at /client-project/{id}. */
export const Route = createFileRoute('/client-project/$id')({ component: ClientProjectRoute });

function ClientProjectRoute() {
  const { id } = Route.useParams();
  return <RequireAuth>{(user) => <ChecklistPage projectId={id} user={user} />}</RequireAuth>;
}
