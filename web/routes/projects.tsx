import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../components/guard';
import { ContractorHome } from '../homes/contractor-home';

export const Route = createFileRoute('/projects')({ component: Projects });

function Projects() {
  return <RequireAuth role="contractor">{(user) => <ContractorHome user={user} />}</RequireAuth>;
}
