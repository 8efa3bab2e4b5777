import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../../auth/guard';
import { TeamPage } from '../../team/team-page';

/** The contractor company's team (issue 31); its code is split out of the main bundle by the router plugin. */
export const Route = createFileRoute('/_signed-in/team')({ component: TeamRoute });

function TeamRoute() {
  return <RequireAuth>{(user) => <TeamPage user={user} />}</RequireAuth>;
}
