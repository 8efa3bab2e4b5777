import { createFileRoute } from '@tanstack/react-router';
import { ChecklistPage } from '../checklist/checklist-page';
import { RequireAuth } from '../components/guard';

/** The project checklist page (spec section 2): any signed-in user; signed out, the login screen. */
export const Route = createFileRoute('/project/$id')({ component: ProjectRoute });

function ProjectRoute() {
  const { id } = Route.useParams();
  return <RequireAuth>{(user) => <ChecklistPage projectId={id} user={user} />}</RequireAuth>;
}
